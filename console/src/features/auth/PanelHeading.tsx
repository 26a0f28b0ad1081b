/** The title of a login panel and the line under it. */
export function PanelHeading({ title, text, center }: { title: string; text: string; center?: boolean }) {
  return (
    <div className={center ? 'lp-heading center' : 'lp-heading'}>
      <h2>{title}</h2>
      <p>{text}</p>
    </div>
  );
}

/** What the account login panels say under their title. */
export const ACCOUNT_LOGIN_TEXT = '使用商家邮箱账号和密码登录';
