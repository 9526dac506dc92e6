// The price of reading a window's event-loop delay histogram, per call, at native speed: its mean walks every bucket,
// the percentiles stop early; reset() clears every bucket. node bench/delay-histogram-price.mjs (docs/measured.md,
// sessions 19 and 20).
import { monitorEventLoopDelay } from 'node:perf_hooks';

const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
setTimeout(() => {
  h.disable();
  const N = 2000;
  const perCallUs = (read) => {
    let sink = 0;
    const t = process.hrtime.bigint();
    for (let i = 0; i < N; i++) sink += read();
    return { us: Number(process.hrtime.bigint() - t) / N / 1000, sink };
  };
  const mean = perCallUs(() => h.mean);
  const pct = perCallUs(() => h.percentile(50) + h.percentile(90) + h.percentile(99));
  const max = perCallUs(() => h.max);
  const ticks = h.count;
  // reset() clears every bucket whatever was recorded (a memset of the whole counts array, a few hundred KiB):
  // timed last, on the emptied histogram, which costs it the same.
  const reset = perCallUs(() => (h.reset(), 0));
  console.log(JSON.stringify({ meanUs: mean.us.toFixed(1), threePercentilesUs: pct.us.toFixed(1), maxUs: max.us.toFixed(2), resetUs: reset.us.toFixed(1), ticks }));
}, 300);
