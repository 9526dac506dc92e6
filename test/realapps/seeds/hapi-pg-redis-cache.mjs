// placeholder until the real seed below is written
export async function seed() { return {}; }
