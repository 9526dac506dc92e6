// The price of reading a window's event-loop delay histogram, per call, at native speed: its mean walks every bucket,
// the percentiles stop early. node bench/delay-histogram-price.mjs (docs/measured.md, session 19).
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
  console.log(JSON.stringify({ meanUs: mean.us.toFixed(1), threePercentilesUs: pct.us.toFixed(1), maxUs: max.us.toFixed(2), ticks: h.count }));
}, 300);
