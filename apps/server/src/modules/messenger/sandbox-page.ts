/** The HTML of the sandbox's authorisation page: WeChat's consent screen, played locally. */

export interface SandboxPerson {
  openid: string;
  nickname: string;
}

const text = {
  zh: {
    title: '微信授权（本地沙箱）',
    banner: '这是本地沙箱，代替微信的网页授权页。真实微信下由微信展示此页。',
    asks: (site: string) => `${site} 申请获得你的公开信息（昵称、头像）`,
    pick: '选择一个演示用户登录',
    none: '还没有用户，请在下方新建一个。',
    create: '新建用户',
    nickname: '昵称',
    submit: '允许并登录',
    errorTitle: '授权请求无效',
  },
  en: {
    title: 'WeChat authorisation (local sandbox)',
    banner: "This local sandbox stands in for WeChat's web authorisation page.",
    asks: (site: string) => `${site} asks for your public profile (nickname, avatar)`,
    pick: 'Sign in as a demo user',
    none: 'No users yet: create one below.',
    create: 'Create a new user',
    nickname: 'Nickname',
    submit: 'Allow and sign in',
    errorTitle: 'Invalid authorisation request',
  },
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(lang: 'zh' | 'en', title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font:16px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;color:#111}
main{max-width:480px;margin:0 auto;padding:16px}
.banner{background:#fff3cd;color:#5c4400;border-radius:8px;padding:10px 12px;font-size:14px}
h1{font-size:18px;margin:20px 0 8px}
.card{background:#fff;border-radius:8px;padding:12px;margin:12px 0}
button{display:block;width:100%;min-height:48px;margin:8px 0;border:0;border-radius:8px;font-size:16px;background:#05803f;color:#fff}
button.person{background:#f7f7f7;color:#111;text-align:left;padding:0 16px}
label{display:block;font-size:14px;color:#444}
input{box-sizing:border-box;width:100%;min-height:44px;font-size:16px;padding:0 12px;border:1px solid #ccc;border-radius:8px}
</style></head><body><main>${body}</main></body></html>`;
}

export function renderConsentPage(options: {
  lang: 'zh' | 'en';
  siteName: string;
  people: SandboxPerson[];
  hidden: Record<string, string>;
}): string {
  const t = text[options.lang];
  const hidden = Object.entries(options.hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  const people = options.people.length
    ? options.people
        .map(
          (person) =>
            `<form method="post">${hidden}<input type="hidden" name="openid" value="${escapeHtml(
              person.openid,
            )}"><button class="person" type="submit">${escapeHtml(person.nickname)}</button></form>`,
        )
        .join('')
    : `<p>${t.none}</p>`;
  return page(
    options.lang,
    t.title,
    `<p class="banner" role="note">${t.banner}</p>
<h1>${escapeHtml(t.asks(options.siteName))}</h1>
<section class="card" aria-labelledby="pick"><h2 id="pick" style="font-size:16px">${t.pick}</h2>${people}</section>
<section class="card" aria-labelledby="create"><h2 id="create" style="font-size:16px">${t.create}</h2>
<form method="post">${hidden}<label for="nickname">${t.nickname}</label>
<input id="nickname" name="nickname" required maxlength="32" autocomplete="nickname">
<button type="submit">${t.submit}</button></form></section>`,
  );
}

export function renderErrorPage(lang: 'zh' | 'en', reason: string): string {
  const t = text[lang];
  return page(
    lang,
    t.errorTitle,
    `<h1>${t.errorTitle}</h1><p class="card">${escapeHtml(reason)}</p>`,
  );
}
