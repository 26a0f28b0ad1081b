/** The mark 退出登录 leaves on /login, so the login page can say the sign-out happened. */
export const LOGGED_OUT_PARAM = 'logged_out';
