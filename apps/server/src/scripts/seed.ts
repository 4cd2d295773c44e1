import path from 'node:path';
import { migrate, openDatabase } from '../db/client';
import { formatLogins, seed } from '../db/seed';
import { loadConfig } from '../env';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pglite') });
await migrate(database);
const result = await seed(database, config);
console.log(`Seeded: ${JSON.stringify(result.inserted)}`);
if (result.logins.length) console.log(`New logins:\n${formatLogins(result.logins)}`);
await database.close();
