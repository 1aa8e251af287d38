import type { Database } from '../src/db';
import {
  chart,
  foldersByInsurance,
  foldersByStatus,
  rankings,
  statsInsurances,
  statsKnownBy,
} from '../src/modules/dashboard/repository';

/** The home page's widgets over the last 12 months, all at once as the page asks for them; how many answered. */
export async function everyWidget(db: Database, companyIds: number[]): Promise<number> {
  const to = new Date();
  const period = { companyIds, from: new Date(to.getTime() - 365 * 86_400_000), to };
  const answers = await Promise.all([
    foldersByStatus(db, period),
    foldersByInsurance(db, period),
    statsInsurances(db, period),
    statsKnownBy(db, period),
    rankings(db, period),
    chart(db, period, 'created-per-month'),
    chart(db, period, 'closed-per-month'),
  ]);
  return answers.length;
}
