// A playtest of the short-hands Autumn Leaves variant: two people in two Chromium windows (desktop
// and phone), each clicking the page; a third seat is an easy bot. Choices among legal cards are
// random (Math.random), as a person's would not be scripted by seed.
import { chromium } from 'playwright-core';
const url = process.argv[2];
const [n1, n2, fb1, fb2] = [process.argv[3], process.argv[4], JSON.parse(process.argv[5]), JSON.parse(process.argv[6])];
const launch = (w, h) => chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }).then(async (b) => ({ b, page: await (await b.newContext({ viewport: { width: w, height: h } })).newPage() }));
const A = await launch(1280, 800);
const B = await launch(390, 844);
const errors = [];
for (const p of [A.page, B.page]) p.on('pageerror', (e) => errors.push(e.message));
const ann = A.page, bo = B.page;
await ann.goto(url);
await ann.click('[data-testid=new-autumn-leaves]');
console.log('playtest ticked by default:', await ann.locator('[data-testid=create-playtest]').isChecked());
await ann.selectOption('[data-testid=seat-count]', '3');
await ann.selectOption('[data-testid=seat-kind-1]', 'human');
await ann.selectOption('[data-testid=seat-kind-2]', 'bot:easy');
await ann.fill('[data-testid=create-name]', n1);
await ann.click('[data-testid=create-table]');
await ann.waitForURL(/\/t\//);
const tableId = new URL(ann.url()).pathname.split('/').pop();
await bo.goto(`${url}/t/${tableId}?seat=2`);
await bo.fill('[data-testid=join-name]', n2);
await bo.click('[data-testid=join-seat-1]');
console.log('table', tableId, 'header:', await ann.locator('[data-testid=table-playtest]').textContent());
const LEGAL = '.al-hand button.al-card.legal:not([disabled]), button.al-seat.target:not([disabled]), [data-testid=keep]:not([disabled]), [data-testid=discard]:not([disabled])';
const over = (p) => p.locator('main.table-page[data-status=finished]').count().then((c) => c > 0);
let moves = [0, 0];
const play = async (p, i) => {
  for (let k = 0; k < 400; k++) {
    if (await over(p)) return;
    const legal = p.locator(LEGAL);
    const n = await legal.count();
    if (n === 0) { await p.waitForTimeout(150); continue; }
    // A person looks before choosing.
    await p.waitForTimeout(400 + Math.random() * 1600);
    try { await legal.nth(Math.floor(Math.random() * n)).click({ timeout: 2000 }); moves[i]++; } catch { /* the table moved on */ }
    await p.waitForTimeout(300);
  }
};
await Promise.all([play(ann, 0), play(bo, 1)]);
console.log('moves', moves, 'finished:', await over(ann), await over(bo));
await ann.screenshot({ path: `/tmp/pt/shots/${tableId}-end-desktop.png` });
for (const [p, fb, size] of [[ann, fb1, 'desktop'], [bo, fb2, 'phone']]) {
  const form = p.locator('[data-testid=feedback]');
  await form.waitFor({ timeout: 30000 });
  await p.getByRole('radio', { name: fb.fun }).check();
  await p.getByRole('radio', { name: fb.length }).check();
  if (fb.unclear) await p.fill('[data-testid=feedback-unclear]', fb.unclear);
  if (fb.comment) await p.fill('[data-testid=feedback-comment]', fb.comment);
  await form.scrollIntoViewIfNeeded();
  await p.screenshot({ path: `/tmp/pt/shots/${tableId}-form-${size}.png` });
  await p.click('[data-testid=feedback-send]');
  await p.locator('[data-testid=feedback-thanks]').waitFor();
  await p.screenshot({ path: `/tmp/pt/shots/${tableId}-thanks-${size}.png` });
}
console.log('errors', errors);
await A.b.close(); await B.b.close();
