/** The analysis controller's ports in the app: the page's engine client and the database, when there is one. */
import { getAnalysis, saveAnalysis } from '../../../storage';
import { db } from '../../shell/app-state';
import { pageEngine } from '../../engine/client';
import type { AnalysisPorts } from './controller';

export function browserAnalysisPorts(): AnalysisPorts {
  return {
    analyse: (state, ask, options) => pageEngine.analyse(state, ask, options),
    load: async (id) => {
      const d = db.value;
      if (!d) return null;
      const loaded = await getAnalysis(d, id);
      return loaded.ok ? loaded.value : null;
    },
    save: async (analysis) => {
      const d = db.value;
      return d ? (await saveAnalysis(d, analysis)).ok : false;
    },
    now: () => Date.now(),
  };
}
