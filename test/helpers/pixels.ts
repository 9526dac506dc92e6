// Pixels of a rendered element that carry colour (not white, grey or black): speedscope's flame bars, which it draws
// with WebGL (so its canvas cannot be read back directly). The screenshot is decoded by a scratch page; the function
// is sent as source because test files are type-checked without the DOM library.
import type { Browser, Locator } from 'playwright-core';

const COUNT_COLOURED = `async (b64) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + b64;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width;
  canvas.height = img.height;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  let coloured = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 40) coloured++;
  }
  return coloured;
}`;

export async function colouredPixels(browser: Browser, target: Locator): Promise<number> {
  const png = (await target.screenshot()).toString('base64');
  const scratch = await browser.newPage();
  try {
    return await scratch.evaluate<number>(`(${COUNT_COLOURED})(${JSON.stringify(png)})`);
  } finally {
    await scratch.close();
  }
}
