// electron-builder.yml as electron-builder itself reads and checks it (app-builder-lib's loader and its JSON schema),
// so tests look at the configuration `npm run dist` really uses, not at a second parse of the YAML.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { rootDir } from '../../app/paths.js';

const require = createRequire(join(rootDir, 'package.json'));

type Configuration = Record<string, unknown>;
interface ConfigModule {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: Configuration | null): Promise<Configuration>;
  validateConfiguration(config: Configuration, logger: unknown): Promise<void>;
}
interface BuilderUtil {
  DebugLogger: new (enabled: boolean) => unknown;
}

const configModule = require('app-builder-lib/out/util/config/config') as ConfigModule;
const { DebugLogger } = require('builder-util') as BuilderUtil;

export async function loadBuilderConfig(): Promise<Configuration> {
  return configModule.getConfig(rootDir, join(rootDir, 'electron-builder.yml'), null);
}

/** Throws electron-builder's own "Invalid configuration object" error for a configuration that breaks its schema. */
export async function validateBuilderConfig(config: Configuration): Promise<void> {
  await configModule.validateConfiguration(config, new DebugLogger(false));
}
