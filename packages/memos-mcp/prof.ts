import { startServer } from './src/index.ts';

const s = await startServer({ port: 5399, dataset: 'workshop' });
setTimeout(() => s.close().then(() => process.exit(0)), 25000);
