import { Alert, Box, Button, Center, Flex, HStack, Stack } from '@chakra-ui/react';
import { ERP_TOKEN_INVALID, messages, WAYBILL_MAX_NUMBERS, WAYBILL_NO_TYPES, WAYBILL_PRINT_TYPE } from '@toy/shared';
import { erpRoutes } from '@toy/shared/features/erp';
import { Download, LogOut, Printer } from 'lucide-react';
import { useRef, useState } from 'react';
import { SelectField, TextareaField, TextField } from '../../components/form/fields';
import { SchemaFormPage, ServerError } from '../../components/form/SchemaFormPage';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageTitle } from '../../components/PageTitle';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { clearErpLogin, type ErpLogin, readErpLogin, saveErpLogin } from './erpToken';

const m = messages.erp;

/**
 * 打印面单 (spec 02 §2 screen 7), an open page with its own login: without a stored ERP token the
 * login form, with one the print form. A print answering code 401 clears the token and asks to log
 * in again; the merchant session is never involved.
 */
export default function WaybillPage() {
  const [login, setLogin] = useState<ErpLogin | null>(readErpLogin);
  const [expired, setExpired] = useState(false);
  const logout = () => {
    if (login) void call(erpRoutes.logout, { t: login.token }, { silent: true, noSessionPrompt: true }).catch(() => {});
    clearErpLogin();
    setLogin(null);
  };
  const onExpired = () => {
    clearErpLogin();
    setLogin(null);
    setExpired(true);
    notify.error(m.tokenExpired);
  };
  return (
    <Center minH="100vh" bg="bg.canvas" p={{ base: '3', md: '6' }}>
      <Box w="full" maxW="560px" bg="white" rounded="xl" shadow="sm" p={{ base: '5', md: '8' }}>
        <Flex justify="space-between" align="center" mb="6" gap="3">
          <PageTitle title="打印面单" description={login ? `当前账号：${login.name}` : '请使用面单打印账号登录'} />
          {login && (
            <Button variant="outline" size="sm" onClick={logout} data-testid="erp-logout">
              <LogOut size={14} /> 退出
            </Button>
          )}
        </Flex>
        {login ? (
          <PrintForm token={login.token} onExpired={onExpired} />
        ) : (
          <LoginForm
            expired={expired}
            onLogin={(l) => {
              saveErpLogin(l);
              setExpired(false);
              setLogin(l);
            }}
          />
        )}
      </Box>
    </Center>
  );
}

function LoginForm({ expired, onLogin }: { expired: boolean; onLogin: (login: ErpLogin) => void }) {
  const form = useSchemaForm(erpRoutes.login.body, { u: '', p: '' });
  const action = useAction(erpRoutes.login);
  return (
    <SchemaFormPage form={form} onSubmit={async (data) => onLogin(await action.run(data))} testId="erp-login">
      {({ submitting, serverError }) => (
        <Stack gap="4">
          {expired && (
            <Alert.Root status="warning" size="sm" data-testid="erp-expired">
              <Alert.Indicator />
              <Alert.Title>{m.tokenExpired}</Alert.Title>
            </Alert.Root>
          )}
          <TextField name="u" label="用户名/账号" required autoComplete="username" testId="erp-username" />
          <TextField
            name="p"
            label="密码"
            required
            type="password"
            autoComplete="current-password"
            testId="erp-password"
          />
          <ServerError message={serverError} />
          <Button type="submit" colorPalette="brand" size="lg" loading={submitting} data-testid="erp-login-submit">
            登录
          </Button>
        </Stack>
      )}
    </SchemaFormPage>
  );
}

type Mode = 'download' | 'print';

/** The PDF as a same-origin blob URL (the file lives on the API's origin). */
async function pdfBlobUrl(fileUrl: string): Promise<string> {
  const res = await fetch(fileUrl);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

function save(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = `面单-${Date.now()}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
}

/** Print through a hidden frame showing the PDF; where the frame cannot print, open the PDF. */
function printPdf(url: string) {
  document.querySelector('iframe[data-testid="waybill-print-frame"]')?.remove();
  const frame = document.createElement('iframe');
  frame.dataset.testid = 'waybill-print-frame';
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank');
    }
  };
  frame.src = url;
  document.body.append(frame);
}

function PrintForm({ token, onExpired }: { token: string; onExpired: () => void }) {
  const form = useSchemaForm(erpRoutes.print.body, { no_type: 1, no: '', copy_count: 1, type: WAYBILL_PRINT_TYPE });
  const action = useAction(erpRoutes.print);
  const mode = useRef<Mode>('download');
  const [busy, setBusy] = useState<Mode | null>(null);

  const submit = async (data: Parameters<typeof action.run>[0]) => {
    const current = mode.current;
    setBusy(current);
    try {
      const out = await action.run({ ...data, t: token });
      if (out.code === ERP_TOKEN_INVALID) return onExpired();
      if (out.code !== 0) return void notify.error(out.msg);
      let url: string;
      try {
        url = await pdfBlobUrl(out.file_url);
      } catch {
        window.open(out.file_url, '_blank');
        return;
      }
      if (current === 'download') save(url);
      else printPdf(url);
      notify.success(out.msg);
    } finally {
      setBusy(null);
    }
  };

  return (
    <SchemaFormPage form={form} onSubmit={submit} testId="waybill-form">
      {({ submitting, serverError }) => (
        <Stack gap="4">
          <SelectField
            name="no_type"
            label="单号类型"
            required
            numeric
            options={WAYBILL_NO_TYPES}
            testId="waybill-no-type"
          />
          <TextareaField
            name="no"
            label="单号"
            required
            rows={8}
            placeholder={`每行一个单号，最多${WAYBILL_MAX_NUMBERS}个`}
            helper={`每行一个原始出库单号，最多${WAYBILL_MAX_NUMBERS}个`}
            testId="waybill-no"
          />
          <TextField
            name="copy_count"
            label="份数"
            required
            type="number"
            inputMode="numeric"
            testId="waybill-copies"
          />
          <ServerError message={serverError} />
          <HStack gap="3" justify="flex-end">
            <Button
              type="submit"
              variant="outline"
              loading={submitting && busy === 'download'}
              disabled={submitting}
              onClick={() => {
                mode.current = 'download';
              }}
              data-testid="waybill-download"
            >
              <Download size={16} /> 下载
            </Button>
            <Button
              type="submit"
              colorPalette="brand"
              loading={submitting && busy === 'print'}
              disabled={submitting}
              onClick={() => {
                mode.current = 'print';
              }}
              data-testid="waybill-print"
            >
              <Printer size={16} /> 打印
            </Button>
          </HStack>
        </Stack>
      )}
    </SchemaFormPage>
  );
}
