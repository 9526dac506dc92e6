import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
const serve = spawn(process.execPath, ['bin/checkup.js', 'serve', '--port', '0', '--no-open', '--out', '/tmp/pmrun2'], { env: { ...process.env, CHECKUP_DATA_DIR: '/tmp/pmdata' } });
const url = await new Promise((res) => { let b=''; serve.stdout.on('data', (d) => { b += d; const m = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(b); if (m) res(m[1]); }); serve.stderr.on('data', (d) => { b += d; const m = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(b); if (m) res(m[1]); }); });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, h] of [[1440, 900], [1024, 700]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  const u = new URL(url); u.hash = '#/diagnosis/' + encodeURIComponent(process.argv[2]);
  await page.goto(u.href);
  await page.waitForTimeout(3000);
  const rt = page.getByText('Where the time goes').first();
  await rt.scrollIntoViewIfNeeded().catch(() => {});
  await page.screenshot({ path: `/tmp/pool-${w}.png` });
  await page.close();
}
await browser.close(); serve.kill();
