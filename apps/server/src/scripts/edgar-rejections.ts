import { buildApp } from '../app';
import { boot } from '../boot';

/**
 * `npm run --silent edgar:rejections`: every proposal an admin rejected, as JSON lines
 * `{"id", "text", "calledThen", "callsNow", "reason"}` from the stored filings (no request). The
 * lines feed `npm run edgar:classify` and become table cases when the classifier learns from them.
 * Needs the database: stop `npm start` first on embedded PGlite, or set DATABASE_URL.
 */
const { config, database, mailer } = await boot('seed');
const app = await buildApp({ database, config, mailer, webDist: null, logger: false });
for (const c of await app.services.discovery.regressionCases()) process.stdout.write(`${JSON.stringify(c)}\n`);
await app.close();
await database.close();
