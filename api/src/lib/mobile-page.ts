/** The frame of the small pages the API serves to phones: one style, a card, a title. */
export function mobilePage(title: string, card: string, script = ''): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
  :root { color-scheme: light; --brand: #6c4cf5; --ink: #1f2330; --muted: #7a8094; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font-family: -apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", sans-serif;
    background: linear-gradient(160deg, #f3efff 0%, #fdf2f8 100%); color: var(--ink); display: flex; align-items: center; justify-content: center; padding: 24px; }
  .card { width: 100%; max-width: 380px; background: #fff; border-radius: 18px; padding: 28px 22px; box-shadow: 0 12px 40px rgba(76, 50, 180, .12); }
  .logo { width: 56px; height: 56px; border-radius: 16px; margin: 0 auto 14px; background: linear-gradient(135deg, #8b6cff, #ff7ab6);
    display: flex; align-items: center; justify-content: center; color: #fff; font-size: 26px; font-weight: 700; }
  h1 { font-size: 20px; text-align: center; margin: 0 0 6px; }
  p.sub { text-align: center; color: var(--muted); font-size: 14px; margin: 0 0 22px; }
  label { display: block; font-size: 14px; margin: 14px 0 6px; color: #3b4050; }
  input { width: 100%; font-size: 16px; padding: 12px 14px; border: 1px solid #dcdfe8; border-radius: 10px; outline: none; }
  input:focus { border-color: var(--brand); box-shadow: 0 0 0 3px rgba(108, 76, 245, .15); }
  button { width: 100%; margin-top: 24px; padding: 13px; font-size: 17px; border: 0; border-radius: 10px; color: #fff;
    background: var(--brand); font-weight: 600; }
  button:disabled { opacity: .6; }
  .msg { margin-top: 16px; text-align: center; font-size: 15px; min-height: 22px; }
  .msg.ok { color: #16a34a; } .msg.err { color: #dc2626; }
  .done { text-align: center; font-size: 40px; margin: 10px 0; }
</style>
</head>
<body>
<main class="card">
  <div class="logo">盒</div>
${card}
</main>
${script}
</body>
</html>`;
}
