import { Box, Button, Checkbox, HStack, Image, Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { COLLECTIBLE_LIMITS, COLLECTIBLE_TYPES, messages, PER_ID } from '@toy/shared';
import { collectibleRoutes } from '@toy/shared/features/collectible';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormSection, SubmitFooter } from '../../components/FormPage';
import {
  BrandField,
  ControlledField,
  DigitsField,
  FormField,
  SelectField,
  TextareaField,
  TextField,
} from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import { SchemaFormPage, ServerError } from '../../components/form/SchemaFormPage';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageTitle } from '../../components/PageTitle';
import { useAction } from '../../lib/useAction';
import { useAlbumOptions } from '../album/options';
import { MultiImageUpload, SingleFileUpload, type UploadedFile } from './CollectibleUpload';
import { ComposedImagesSection } from './ComposedImagesSection';
import { type ItemDraft, StockDialog, titled } from './StockDialog';

const m = messages.collectible;
const BACK = '/nft/goods';

type FormValues = {
  ip_id: number | '';
  type: 1 | 2 | 3;
  title: string;
  stock: string;
  copyright_charge: string;
  author: string;
  catalog_id: number | '';
  file: string;
  pic: string;
  items: ItemDraft[];
  pic_desc: string[];
  goods_content: string;
  agreement: boolean;
};

const typeOf = (raw: string | null): 1 | 2 | 3 => (raw === '2' ? 2 : raw === '3' ? 3 : 1);

const emptyForm = (type: 1 | 2 | 3): FormValues => ({
  ip_id: '',
  type,
  title: '',
  stock: '',
  copyright_charge: '',
  author: '',
  catalog_id: '',
  file: '',
  pic: '',
  items: [],
  pic_desc: [],
  goods_content: '',
  agreement: false,
});

/**
 * 创建数字藏品 (/nft/goodsAdd?type=1|2|3, spec 03 §2): brand, the upload (type 1 one image or glb
 * model, type 2 many images and the stock dialog, type 3 composed images), stock, name, royalty,
 * author, album, detail images and the agreement; the first failing rule of §5 is shown.
 */
export default function CollectibleFormPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const type = typeOf(search.get('type'));
  const form = useSchemaForm(collectibleRoutes.create.body, emptyForm(type));
  const create = useAction(collectibleRoutes.create, { success: m.created, invalidates: [collectibleRoutes.list] });
  const label = COLLECTIBLE_TYPES.find((t) => t.value === type)!.label;

  const send = async () => {
    const v = form.getValues();
    await create.run({
      ...v,
      catalog_id: v.catalog_id === '' ? null : v.catalog_id,
      items: v.items.map(({ pic, title, stock, coord }) => ({ pic, title, stock, coord })),
    });
    navigate(BACK);
  };

  return (
    <SchemaFormPage form={form} onSubmit={send} testId="collectible-form">
      {({ submitting, serverError }) => (
        <Stack gap="4">
          <PageTitle title="创建数字藏品" description={label} testId="collectible-form-type" />
          <FormSection title="藏品信息">
            <Stack gap="5">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                <BrandField perId={PER_ID.nft} testId="collectible-form-brand" />
              </SimpleGrid>
              <UploadField type={type} />
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                {type === 1 && (
                  <DigitsField
                    name="stock"
                    label="库存"
                    required
                    placeholder={m.stockRequired}
                    testId="collectible-form-stock"
                  />
                )}
                <TextField
                  name="title"
                  label="名称"
                  required
                  maxLength={COLLECTIBLE_LIMITS.titleMax}
                  placeholder={m.titleRequired}
                  testId="collectible-form-title"
                />
                <RoyaltyField />
                <AuthorField />
                <AlbumField />
              </SimpleGrid>
              <ImageField
                name="pic_desc"
                label="详情图"
                kind="collectibleImage"
                limit={COLLECTIBLE_LIMITS.detailMax}
                testId="collectible-form-details"
              />
              <TextareaField
                name="goods_content"
                label="藏品介绍"
                maxLength={COLLECTIBLE_LIMITS.contentMax}
                testId="collectible-form-content"
              />
              <AgreementField />
              <ServerError message={serverError} />
            </Stack>
          </FormSection>
          <SubmitFooter onCancel={() => navigate(BACK)} submitting={submitting} testId="collectible-form-save">
            创建
          </SubmitFooter>
        </Stack>
      )}
    </SchemaFormPage>
  );
}

/** The upload of each type: one file (and a cover for a model), many images with their stock, or composed images. */
function UploadField({ type }: { type: 1 | 2 | 3 }) {
  const form = useFormContext<FormValues>();
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [stockOpen, setStockOpen] = useState(false);
  const [ipId, title, items] = form.watch(['ip_id', 'title', 'items']);
  const setItems = (next: ItemDraft[]) => {
    form.setValue('items', next, { shouldDirty: true });
    form.clearErrors();
  };

  if (type === 1)
    return (
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <ControlledField
          name="file"
          label="上传数字藏品"
          required
          render={(f) => (
            <SingleFileUpload
              value={uploaded}
              onChange={(next) => {
                setUploaded(next);
                f.onChange(next?.key ?? '');
              }}
              testId="collectible-form-file"
            />
          )}
        />
        {uploaded?.model && (
          <ImageField name="pic" label="封面图" required helper="3D模型需上传封面图" testId="collectible-form-cover" />
        )}
      </SimpleGrid>
    );

  if (type === 3)
    return (
      <FormField name="file" label="上传数字藏品" required>
        {typeof ipId === 'number' ? (
          <ComposedImagesSection
            ipId={ipId}
            onChange={(list) => setItems(list.map((x) => ({ ...x, title: '', stock: 1 })))}
          />
        ) : (
          <Text color="fg.muted" fontSize="sm">
            请先选择品牌
          </Text>
        )}
      </FormField>
    );

  const total = items.reduce((sum, x) => sum + (Number(x.stock) || 0), 0);
  return (
    <Stack gap="5">
      <FormField name="file" label="上传数字藏品" required>
        <HStack align="flex-start" gap="4" wrap="wrap">
          <MultiImageUpload
            count={items.length}
            limit={COLLECTIBLE_LIMITS.multiMax}
            onAdd={(files) => {
              const added = files.map((f) => ({ pic: f.key, url: f.url, title: '', stock: '', coord: '' }));
              setItems(titled([...items, ...added], title, 1));
              setStockOpen(true);
            }}
            testId="collectible-form-images"
          />
          <SimpleGrid columns={{ base: 3, md: 6 }} gap="2" data-testid="collectible-form-items">
            {items.slice(0, 12).map((x) => (
              <Box key={x.pic} w="96px" data-testid="collectible-form-item">
                <Image src={x.url} alt={x.title} w="96px" h="96px" objectFit="cover" rounded="md" />
                <Text fontSize="xs" lineClamp={1}>
                  {x.title}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  库存 {x.stock === '' ? '—' : x.stock}
                </Text>
              </Box>
            ))}
            {items.length > 12 && <Text fontSize="sm">+{items.length - 12}</Text>}
          </SimpleGrid>
        </HStack>
      </FormField>
      <FormField name="stock" label="库存" required>
        <HStack gap="3">
          <Text fontSize="sm" data-testid="collectible-form-stock-total">
            共{items.length}张，总库存{total}
          </Text>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setStockOpen(true)}
            disabled={items.length === 0}
            data-testid="collectible-form-stock-open"
          >
            设置库存
          </Button>
        </HStack>
      </FormField>
      <StockDialog open={stockOpen} onOpenChange={setStockOpen} items={items} name={title} onSave={setItems} />
    </Stack>
  );
}

/** 版税: a whole percent with the % suffix, hint 0%-45%. */
function RoyaltyField() {
  return (
    <ControlledField
      name="copyright_charge"
      label="版税"
      required
      helper={m.royaltyHint}
      render={(f) => (
        <InputGroup endAddon="%">
          <Input
            {...f}
            value={f.value ?? ''}
            inputMode="numeric"
            placeholder={m.royaltyHint}
            onChange={(e) => f.onChange(e.target.value.replace(/[^\d]/g, ''))}
            data-testid="collectible-form-royalty"
          />
        </InputGroup>
      )}
    />
  );
}

/** 作者: shown as text until 编辑, then an input until 保存. */
function AuthorField() {
  const [editing, setEditing] = useState(false);
  return (
    <ControlledField
      name="author"
      label="作者"
      render={(f) => (
        <HStack gap="2">
          <Input
            {...f}
            value={f.value ?? ''}
            readOnly={!editing}
            maxLength={COLLECTIBLE_LIMITS.authorMax}
            placeholder="请输入作者"
            bg={editing ? undefined : 'gray.50'}
            data-testid="collectible-form-author"
          />
          <Button
            size="sm"
            variant="outline"
            onClick={() => setEditing((e) => !e)}
            data-testid="collectible-form-author-toggle"
          >
            {editing ? '保存' : '编辑'}
          </Button>
        </HStack>
      )}
    />
  );
}

/** 合辑: the brand's albums (optional). */
function AlbumField() {
  const form = useFormContext<FormValues>();
  const ipId = form.watch('ip_id');
  const options = useAlbumOptions(typeof ipId === 'number' ? ipId : undefined);
  return (
    <SelectField
      name="catalog_id"
      label="数字藏品合辑"
      numeric
      placeholder="不选择合辑"
      options={options}
      testId="collectible-form-album"
    />
  );
}

function AgreementField() {
  return (
    <ControlledField
      name="agreement"
      label="发行协议"
      required
      render={(f) => (
        <Checkbox.Root
          checked={Boolean(f.value)}
          onCheckedChange={(e) => f.onChange(e.checked === true)}
          data-testid="collectible-form-agreement"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>我已阅读并同意《数字藏品发行协议》</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}
