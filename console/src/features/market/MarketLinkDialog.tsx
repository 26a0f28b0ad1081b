import { Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { MARKET_PLATFORMS, type MarketLink, type MarketLinkForm, messages } from '@toy/shared';
import { marketLinkRoutes } from '@toy/shared/features/market-links';
import { DialogShell } from '../../components/DialogShell';
import { FormDialog } from '../../components/form/FormDialog';
import { BrandField, SelectField, TextField } from '../../components/form/fields';
import { useFormDialog } from '../../components/useFormDialog';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/notify';

const PLATFORM_OPTIONS = MARKET_PLATFORMS.map((p) => ({ value: p.value, label: p.label }));

/** 绑定店铺: brand, platform and the marketplace's shop id; the answer's secret goes to `onSecret`. */
export function MarketLinkDialog({
  open,
  onOpenChange,
  defaultBrandId,
  onSecret,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultBrandId?: number;
  onSecret: (shown: { link: MarketLink; secret: string }) => void;
}) {
  const defaults: MarketLinkForm = { ip_id: defaultBrandId ?? '', platform: '', shop_id: '' };
  const { dialog } = useFormDialog(
    marketLinkRoutes.save,
    { open, onOpenChange },
    {
      title: '绑定平台店铺',
      testId: 'market-link',
      defaults,
      invalidates: [marketLinkRoutes.list],
      success: messages.marketLink.saved,
    },
  );
  return (
    <FormDialog
      {...dialog}
      onSubmit={async (data) => {
        const answer = (await dialog.onSubmit(data)) as { link: MarketLink; secret: string };
        onSecret(answer);
      }}
    >
      <BrandField testId="market-link-brand" />
      <SelectField
        name="platform"
        label="平台"
        required
        options={PLATFORM_OPTIONS}
        placeholder="请选择平台"
        testId="market-link-platform"
      />
      <TextField
        name="shop_id"
        label="店铺ID"
        required
        placeholder="平台后台中的店铺ID"
        maxLength={64}
        testId="market-link-shop"
      />
    </FormDialog>
  );
}

/** The secret of a link just made or rotated: shown this once, with 复制. */
export function MarketSecretDialog({
  shown,
  onClose,
}: {
  shown: { link: MarketLink; secret: string } | null;
  onClose: () => void;
}) {
  return (
    <DialogShell
      open={shown !== null}
      onOpenChange={(o) => !o && onClose()}
      title="店铺密钥"
      size="sm"
      testId="market-secret-dialog"
      closeOnInteractOutside={false}
      footer={
        <Button colorPalette="brand" onClick={onClose} data-testid="market-secret-done">
          我已保存
        </Button>
      }
    >
      {shown && (
        <Stack gap="3">
          <Text fontSize="sm">
            {shown.link.platform_text} 店铺 <b>{shown.link.shop_id}</b> 的推送须用此密钥签名。密钥只显示这一次，
            关闭后无法再查看，遗失请更换密钥。
          </Text>
          <HStack align="stretch">
            <Code flex="1" p="2" fontSize="sm" wordBreak="break-all" data-testid="market-secret">
              {shown.secret}
            </Code>
            <Button
              variant="outline"
              size="sm"
              onClick={async () => {
                if (await copyText(shown.secret)) notify.success(messages.success.copied);
                else notify.error(messages.success.copyFailed);
              }}
              data-testid="market-secret-copy"
            >
              复制
            </Button>
          </HStack>
        </Stack>
      )}
    </DialogShell>
  );
}
