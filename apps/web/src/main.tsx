import { registerOfflineWorker } from './lib/offline-worker';
import { startApp } from './start';

// The entry of every page the server answers with the empty shell (index.html). The public pages
// rendered at build load boot.ts instead, which starts the app when it is used (decision 016).
void startApp();
registerOfflineWorker();
