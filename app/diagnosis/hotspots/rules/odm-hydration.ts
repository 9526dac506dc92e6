// ODM document hydration: the ORM/ODM turning every database row into a full model object (mongoose Documents with
// getters, setters, change tracking; Sequelize model instances; TypeORM entities) when plain objects would do.
import type { Frame } from '../../../profile/model/types.js';
import { subtreeRule } from '../rule.js';

/** 10% of sampled time building documents: at that point a lean/raw query is a cheap, large win. */
export const ODM_MIN_PERCENT = 10;

const MONGOOSE_NAMES = /^(?:Document|Model|init|\$init|\$__|_init|completeMany|completeOne|_completeOne|_completeMany|hydrate|\$set|\$__set|\$__init)/;
const MONGOOSE_FILES = /\/lib\/(?:document|model|queryHelpers|helpers\/document|types\/|schema\/)/;
const SEQUELIZE_NAMES = /^(?:build|bulkBuild|_initValues|_setInclude|set|Model)$/;

function isHydration(f: Frame): boolean {
  if (f.package === 'mongoose') return MONGOOSE_NAMES.test(f.functionName) || MONGOOSE_FILES.test(f.url);
  if (f.package === 'sequelize') return SEQUELIZE_NAMES.test(f.functionName) && /\/model\.js$/.test(f.url);
  if (f.package === 'typeorm') return /RawSqlResultsToEntityTransformer|transform$/.test(f.url + ' ' + f.functionName);
  return false;
}

export const odmHydration = subtreeRule('odm-hydration', ODM_MIN_PERCENT, isHydration);
