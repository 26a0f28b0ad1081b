import { HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { MOMENT_HINT, type MomentRow, messages, TOY_LIMITS, TOY_STATUS } from '@toy/shared';
import { momentRoutes } from '@toy/shared/features/toy-routes';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Thumbnail } from '../../components/columns';
import { FormDialog } from '../../components/form/FormDialog';
import { BrandField, TextareaField } from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { useAction } from '../../lib/useAction';
import { NameField, useToyForm } from './ToyForm';
import { PictureRules } from './ToyParts';

const m = messages.toy;

/**
 * 新增/编辑 精彩时刻 (spec 03 §5): brand, name (max 10), the picture, description (required, max 200).
 * Once a picture is uploaded the server makes its source and watermarked versions (moment.prepare);
 * until both are there a save answers 请等待图片上传完成 (the rule table's), as the API would.
 */
export function MomentDialog(props: EditDialogProps<MomentRow>) {
  const row = props.editing;
  const { form, dialog } = useToyForm(momentRoutes.save, momentRoutes.list, props, {
    noun: '精彩时刻',
    testId: 'moment',
    blank: { image_url_source: '', image_url_watermark: '' },
  });
  const prepare = useAction(momentRoutes.prepare);
  const [ipId, image, watermark] = useWatch({
    control: form.control,
    name: ['ip_id', 'image_url', 'image_url_watermark'],
  }) as [number | string, string, string];
  const [preparing, setPreparing] = useState(false);
  const prepared = useRef(row?.image_url ?? '');

  useEffect(() => {
    if (!props.open) return;
    if (!image) {
      prepared.current = '';
      form.setValue('image_url_source', '');
      form.setValue('image_url_watermark', '');
      return;
    }
    if (image === prepared.current || !ipId) return;
    prepared.current = image;
    form.setValue('image_url_source', '');
    form.setValue('image_url_watermark', '');
    setPreparing(true);
    void prepare.trigger({ ip_id: Number(ipId), image_url: image }).then((done) => {
      setPreparing(false);
      if (!done || prepared.current !== image) return;
      form.setValue('image_url_source', done.image_url_source);
      form.setValue('image_url_watermark', done.image_url_watermark);
    });
  }, [image, ipId, props.open, form, prepare.trigger]);

  const locked = row?.status === TOY_STATUS.approved;
  return (
    <FormDialog {...dialog} size="lg">
      <BrandField testId="moment-brand" disabled={row !== null} />
      <NameField disabled={locked} testId="moment-name" />
      <ImageField name="image_url" label="精彩时刻" required disabled={locked} testId="moment-image" />
      {image && (
        <HStack gap="3" data-testid="moment-versions">
          {preparing || !watermark ? (
            <HStack gap="2" color="fg.muted" fontSize="sm" data-testid="moment-preparing">
              <Spinner size="xs" />
              <Text>正在生成原图与水印图…</Text>
            </HStack>
          ) : (
            <Stack gap="1">
              <Text fontSize="xs" color="fg.muted">
                水印图（玩家获得的版本）
              </Text>
              <Thumbnail src={watermark} alt="水印图" size={160} data-testid="moment-watermark" />
            </Stack>
          )}
        </HStack>
      )}
      <PictureRules testId="moment-rules">
        <Text>{MOMENT_HINT}</Text>
        <Text>上传后将自动生成原图与带品牌名称水印的图片</Text>
      </PictureRules>
      <TextareaField
        name="short"
        label="精彩时刻描述"
        required
        placeholder={m.momentShortRequired}
        helper={`最多${TOY_LIMITS.shortMax}个字`}
        disabled={locked}
        testId="moment-short"
      />
    </FormDialog>
  );
}
