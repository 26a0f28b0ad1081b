import { Box, Button, Flex, Heading, HStack, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  firstFailure,
  messages,
  PER_ID,
  SKIN_IMAGE_KEYS,
  SKIN_LIMITS,
  SKIN_SAMPLE_PATH,
  type SkinForm,
  type SkinImageKey,
  skinImageRules,
  skinPreviewRules,
  skinSaleRules,
} from '@toy/shared';
import { skinRoutes } from '@toy/shared/features/skin-routes';
import { Download, QrCode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BrandSelect } from '../../components/BrandSelect';
import { FormSection, StickyFooter } from '../../components/FormPage';
import { PageTitle } from '../../components/PageTitle';
import { config } from '../../config';
import { call } from '../../lib/http';
import { lazyPart } from '../../lib/lazyPart';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { SkinBatchUpload } from './SkinBatchUpload';
import { SkinImageSlots } from './SkinImageSlots';
import type { SkinPreview } from './SkinPreviewDialog';
import { CountedText } from './SkinTextInputs';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const SkinPreviewDialog = lazyPart(() => import('./SkinPreviewDialog').then((m) => m.SkinPreviewDialog));

const m = messages.skin;
const AUTOSAVE_MS = 1500;
const empty = (): SkinForm => ({
  ip_id: '',
  title: '',
  content: '',
  font_tone: '',
  ...Object.fromEntries(SKIN_IMAGE_KEYS.map((k) => [k, ''])),
});
const formOf = (source: Record<string, unknown>): SkinForm => ({
  ip_id: Number(source.ip_id) || '',
  title: String(source.title ?? ''),
  content: String(source.content ?? ''),
  font_tone: String(source.font_tone ?? ''),
  ...Object.fromEntries(SKIN_IMAGE_KEYS.map((k) => [k, String(source[k] ?? '')])),
});
const anyFilled = (v: SkinForm) => Boolean(v.title || v.content || v.font_tone || SKIN_IMAGE_KEYS.some((k) => v[k]));

/**
 * 个性定制 (/skin/add?id&type&copy, spec 03 §2, §4): step 0 装扮配置 (every image, font colour,
 * batch upload, sample, preview), step 1 售卖信息 (brand, name, intro). A draft autosaves while on
 * step 0 unless this is a copy (copy=1 clears the id); 提交个性定制 sends draft_id.
 */
export default function SkinFormPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const sourceId = Number(search.get('id')) || undefined;
  const type = search.get('type') === 'draft' ? 'draft' : 'skin';
  const copy = search.get('copy') === '1';
  const skinSource = useCall(skinRoutes.detail, { id: sourceId ?? 0 }, { enabled: type === 'skin' && !!sourceId });
  const draftSource = useCall(
    skinRoutes.draftDetail,
    { id: sourceId ?? 0 },
    { enabled: type === 'draft' && !!sourceId },
  );
  const [values, setValues] = useState<SkinForm>(empty);
  const [loaded, setLoaded] = useState(!sourceId);
  const [step, setStep] = useState(0);
  const [skinId, setSkinId] = useState<number | undefined>(undefined);
  const [draftId, setDraftId] = useState<number | undefined>(type === 'draft' ? sourceId : undefined);
  const [preview, setPreview] = useState<SkinPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const dirty = useRef(false);
  const submit = useAction(skinRoutes.submit, { success: m.submitted, invalidates: [skinRoutes.list] });
  const saveDraft = useAction(skinRoutes.saveDraft, {
    success: m.draftSaved,
    invalidates: [skinRoutes.list, skinRoutes.drafts],
  });

  // Fill the form once from the skin (edit, or copy: then without its id) or the draft being resumed.
  useEffect(() => {
    if (loaded) return;
    if (type === 'skin' && skinSource.data) {
      setValues(formOf(skinSource.data.info));
      if (!copy) setSkinId(skinSource.data.info.id);
      setLoaded(true);
    } else if (type === 'draft' && draftSource.data) {
      const d = draftSource.data.info;
      setValues(formOf(d));
      if (d.skin_id) setSkinId(d.skin_id);
      setLoaded(true);
    }
  }, [loaded, type, copy, skinSource.data, draftSource.data]);

  const sync = loaded && !copy;
  const draftBody = () => ({ ...values, id: draftId, skin_id: skinId, status: 1 }) as never;

  // Autosave while not on step 1: quietly, a moment after the last change.
  useEffect(() => {
    if (!sync || step !== 0 || !dirty.current || !anyFilled(values)) return;
    const timer = setTimeout(() => {
      dirty.current = false;
      void call(skinRoutes.saveDraft, { ...values, id: draftId, skin_id: skinId, status: 1 } as never, { silent: true })
        .then((r) => setDraftId(r.id))
        .catch(() => undefined);
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [values, step, sync, draftId, skinId]);

  const change = (patch: Partial<SkinForm>) => {
    dirty.current = true;
    setValues((v) => ({ ...v, ...patch }));
  };
  const setImage = (key: SkinImageKey, value: string) => change({ [key]: value });

  const next = () => {
    const failed = firstFailure(skinImageRules, values);
    if (failed) notify.invalid(failed.message);
    else {
      notify.dismissInvalid();
      setStep(1);
    }
  };
  const save = async () => {
    dirty.current = false;
    const r = await saveDraft.trigger(draftBody());
    if (r) setDraftId(r.id);
  };
  const send = async () => {
    const failed = firstFailure([...skinImageRules, ...skinSaleRules], values);
    if (failed) {
      notify.invalid(failed.message);
      if (firstFailure(skinImageRules, values)) setStep(0);
      return;
    }
    dirty.current = false;
    const r = await submit.trigger({ ...values, id: skinId, draft_id: draftId } as never);
    if (r) navigate('/toy/skin');
  };
  const showPreview = async () => {
    const failed = firstFailure(skinPreviewRules, values);
    if (failed) return notify.invalid(failed.message);
    setPreviewing(true);
    try {
      setPreview(await call(skinRoutes.previewCode, { ...values, width: 430 } as never));
    } catch {
      // shown by the request layer
    } finally {
      setPreviewing(false);
    }
  };

  const title = skinId ? '编辑装扮' : copy ? '复制装扮' : '新增装扮';
  return (
    <Stack gap="4" pb="20" data-testid="skin-form">
      <PageTitle title={title} description="按位置上传全部装扮图片并设置字体色值，填写售卖信息后提交平台审核" />
      <Box bg="white" rounded="lg" shadow="xs" p="4">
        <HStack gap="3" data-testid="skin-steps">
          {['装扮配置', '售卖信息'].map((label, i) => (
            <HStack key={label} gap="2" data-testid={`skin-step-${i}`} data-current={step === i || undefined}>
              <Flex
                w="6"
                h="6"
                rounded="full"
                align="center"
                justify="center"
                fontSize="xs"
                fontWeight="700"
                bg={step >= i ? 'brand.solid' : 'bg.muted'}
                color={step >= i ? 'white' : 'fg.muted'}
              >
                {i + 1}
              </Flex>
              <Text fontWeight={step === i ? '700' : '400'} color={step === i ? 'fg' : 'fg.muted'}>
                {label}
              </Text>
              {i === 0 && <Box w="12" h="1px" bg="border" />}
            </HStack>
          ))}
        </HStack>
      </Box>
      {!loaded ? (
        <Box bg="white" p="6" rounded="lg" color="fg.muted">
          加载中…
        </Box>
      ) : step === 0 ? (
        <SimpleGrid columns={{ base: 1, xl: 4 }} gap="4">
          <Box gridColumn={{ xl: 'span 3' }}>
            <FormSection
              title="装扮配置"
              hint="文件名与位置名称一致即可批量上传（如 头像挂件.png、底部标签栏背景.png，不用“又称”）"
              actions={
                <HStack wrap="wrap">
                  <SkinBatchUpload onUploaded={setImage} />
                  <Button asChild variant="outline" data-testid="skin-sample">
                    <a href={`${config.apiBase}${SKIN_SAMPLE_PATH}`} download>
                      <Download size={16} />
                      下载样例
                    </a>
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => void showPreview()}
                    loading={previewing}
                    data-testid="skin-preview"
                  >
                    <QrCode size={16} />
                    微信扫码预览
                  </Button>
                </HStack>
              }
            >
              <SkinImageSlots values={values} onImage={setImage} onFontTone={(font_tone) => change({ font_tone })} />
            </FormSection>
          </Box>
          <HelpPanel />
        </SimpleGrid>
      ) : (
        <FormSection title="售卖信息">
          <Stack gap="5" maxW="560px">
            <Box data-testid="skin-brand">
              <Text fontSize="sm" fontWeight="500" mb="1.5">
                <Text as="span" color="red.500">
                  *{' '}
                </Text>
                品牌
              </Text>
              <BrandSelect
                perId={PER_ID.box}
                value={Number(values.ip_id) || undefined}
                onChange={(id) => change({ ip_id: id ?? '' })}
                disabled={!!skinId}
                placeholder="请选择品牌"
                testId="skin-brand-select"
              />
            </Box>
            <CountedText
              label="装扮名称"
              required
              value={String(values.title ?? '')}
              maxLength={SKIN_LIMITS.titleMax}
              placeholder="请输入装扮名称"
              onChange={(title) => change({ title })}
              testId="skin-title"
            />
            <CountedText
              multiline
              label="装扮简介"
              value={String(values.content ?? '')}
              maxLength={SKIN_LIMITS.contentMax}
              placeholder="请输入装扮简介"
              onChange={(content) => change({ content })}
              testId="skin-content"
            />
          </Stack>
        </FormSection>
      )}
      <StickyFooter>
        <Button variant="ghost" onClick={() => navigate('/toy/skin')} data-testid="skin-cancel">
          取消
        </Button>
        {!copy && (
          <Button
            variant="outline"
            onClick={() => void save()}
            loading={saveDraft.pending}
            data-testid="skin-save-draft"
          >
            保存草稿
          </Button>
        )}
        {step === 0 ? (
          <Button colorPalette="brand" onClick={next} data-testid="skin-next">
            下一步
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => setStep(0)} data-testid="skin-prev">
              返回上一步
            </Button>
            <Button colorPalette="brand" onClick={() => void send()} loading={submit.pending} data-testid="skin-submit">
              提交个性定制
            </Button>
          </>
        )}
      </StickyFooter>
      <SkinPreviewDialog preview={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}

/** 品牌上传说明 (spec 03 §5 help text). */
function HelpPanel() {
  return (
    <Box bg="white" rounded="lg" shadow="xs" p="5" alignSelf="start" data-testid="skin-help">
      <Heading size="sm" mb="3">
        品牌上传说明
      </Heading>
      <List.Root gap="2" fontSize="sm" color="fg.muted" ps="4">
        <List.Item>图片格式：png，背景透明</List.Item>
        <List.Item>单张图片不超过10MB</List.Item>
        <List.Item>分辨率：72dpi</List.Item>
        <List.Item>每个位置须按标注的尺寸上传，头像挂件中间480×480区域须透明</List.Item>
        <List.Item>
          位置名称下的“又称”是提示信息里对同一张图的叫法（如 请上传首页标签栏背景 指 底部标签栏背景）
        </List.Item>
        <List.Item>
          批量上传时文件名须与位置名称一致，一次最多100张；可先
          <Link href={`${config.apiBase}${SKIN_SAMPLE_PATH}`} colorPalette="brand" mx="1">
            下载样例
          </Link>
          参考
        </List.Item>
      </List.Root>
      <Flex mt="4" fontSize="xs" color="fg.subtle">
        设计完成后可点击「微信扫码预览」在手机上查看效果
      </Flex>
    </Box>
  );
}
