import { Text } from '@chakra-ui/react';
import { TOY_LIMITS, TOY_PICTURES, TOY_STATUS, TOY_TYPES, type ToyRow } from '@toy/shared';
import { toyRoutes } from '@toy/shared/features/toy-routes';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/form/FormDialog';
import { BrandField, ChoiceField, SwitchField, TextareaField } from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { NameField, useToyForm } from './ToyForm';
import { PictureRules, SampleDownload, sampleUrl } from './ToyParts';

/**
 * 新增/编辑 欧气精灵/场景 (spec 03 §2, §5): brand and type (locked when editing), name (max 10), the
 * picture (a toy is a 720×960 transparent GIF, a scene 1500×2600 png/jpg/gif) with its sample and
 * rules, description (max 200), the wish-planet drop switch. Checked by toy.save's rule table; an
 * approved item keeps its name, picture and description.
 */
export function ToyDialog(props: EditDialogProps<ToyRow>) {
  const row = props.editing;
  const { form, dialog } = useToyForm(toyRoutes.save, toyRoutes.list, props, {
    noun: '欧气精灵/场景',
    testId: 'toy',
    blank: { type: 1, is_box_goods: 0 },
  });
  const type = Number(useWatch({ control: form.control, name: 'type' }) ?? 1) === 2 ? 2 : 1;
  const picture = TOY_PICTURES[type];
  const locked = row?.status === TOY_STATUS.approved;
  const pending = row?.status === TOY_STATUS.pending;
  return (
    <FormDialog {...dialog} size="lg">
      <BrandField testId="toy-brand" disabled={row !== null} />
      <ChoiceField
        name="type"
        label="类型"
        required
        numeric
        options={TOY_TYPES.map((t) => ({ value: String(t.value), label: t.label }))}
        disabled={row !== null}
        testId="toy-type"
      />
      <NameField disabled={locked} testId="toy-name" />
      <ImageField
        key={type}
        name="image_url"
        label={type === 1 ? '欧气精灵' : '场景'}
        required
        width={picture.width}
        height={picture.height}
        disabled={locked}
        testId="toy-image"
      />
      <PictureRules testId="toy-rules">
        {type === 1 ? (
          <>
            <Text>欧气精灵仅限GIF图片，尺寸 720x960px（3:4），透明背景</Text>
            <Text>单张不超过10MB，动图请保持循环播放</Text>
          </>
        ) : (
          <>
            <Text>场景尺寸 1500x2600px，支持 png/jpg/gif</Text>
            <Text>主体请放在画面中部，上下边缘会被界面遮挡</Text>
          </>
        )}
        <SampleDownload
          href={sampleUrl(type === 1 ? 'toy-sample.gif' : 'scene-sample.jpg')}
          name={type === 1 ? '欧气精灵样例.gif' : '场景样例.jpg'}
          testId="toy-sample"
        />
      </PictureRules>
      <TextareaField
        name="short"
        label="描述"
        placeholder={`最多${TOY_LIMITS.shortMax}个字`}
        disabled={locked}
        testId="toy-short"
      />
      <SwitchField
        name="is_box_goods"
        label="心愿星球掉落"
        labels={['不掉落', '掉落']}
        helper="开启后，审核通过的欧气精灵/场景会在玩家抽盒时掉落"
        disabled={pending}
        testId="toy-drop"
      />
    </FormDialog>
  );
}
