/**
 * The waybill login (spec 02 §3 "Login session for waybill"): the ERP token `t` and the account's
 * name, kept in this browser apart from the merchant session's cookies.
 */
const TOKEN_KEY = 'erp_token';
const NAME_KEY = 'erp_name';

export interface ErpLogin {
  token: string;
  name: string;
}

export function readErpLogin(): ErpLogin | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    return token ? { token, name: localStorage.getItem(NAME_KEY) ?? '' } : null;
  } catch {
    return null;
  }
}

export function saveErpLogin(login: ErpLogin): void {
  localStorage.setItem(TOKEN_KEY, login.token);
  localStorage.setItem(NAME_KEY, login.name);
}

export function clearErpLogin(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(NAME_KEY);
}
