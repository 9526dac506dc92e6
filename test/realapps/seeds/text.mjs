// Deterministic filler for the seeds: a seeded generator (mulberry32) and sentences of plausible words, so every run
// loads the same rows and the same sizes.
export function corpusRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'node server request latency database query index cache pool thread event loop stream buffer socket cluster ' +
  'worker promise async await timeout retry backoff schema migration column table transaction commit rollback ' +
  'replica shard partition vacuum analyze planner join nested hash merge scan sequential bitmap heap page ' +
  'memory garbage collector profile flame graph sample allocation leak listener emitter handle timer interval ' +
  'deploy release rollout canary metric alert dashboard trace span log level error warning info debug'
).split(' ');

export const TAGS = [
  'nodejs', 'javascript', 'typescript', 'databases', 'postgres', 'mysql', 'redis', 'performance', 'testing', 'devops',
  'docker', 'kubernetes', 'security', 'frontend', 'backend', 'api', 'graphql', 'rest', 'cloud', 'linux',
  'rust', 'go', 'python', 'career', 'design', 'architecture', 'observability', 'caching', 'queues', 'streams',
  'react', 'svelte', 'vue', 'css', 'html', 'webassembly', 'ai', 'data', 'tutorial', 'opinion',
];

export function sentence(random) {
  const n = 8 + Math.floor(random() * 10);
  const words = [];
  for (let i = 0; i < n; i++) words.push(WORDS[Math.floor(random() * WORDS.length)]);
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return `${words.join(' ')}.`;
}

/** n sentences (about 100 characters each). */
export function paragraph(random, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(sentence(random));
  return out.join(' ');
}

export const slugOf = (title) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
