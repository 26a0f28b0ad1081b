import DataLoader from 'dataloader';
import type { Db } from './client.js';

/**
 * Group loads of one database, each made by its own request, into one statement: the keys asked for
 * while the event loop reads the requests that arrived together (one loop turn, `setImmediate`) go
 * to `batch` at once. A crowd of players then costs a statement per turn instead of one each (one
 * round trip and, for a write, one commit). Nothing is cached: each load reads the database.
 */
export function batchLoader<K, V>(batch: (db: Db, keys: readonly K[]) => Promise<V[]>) {
  const loaders = new WeakMap<Db, DataLoader<K, V>>();
  return (db: Db): DataLoader<K, V> => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<K, V>((keys) => batch(db, keys), {
        cache: false,
        maxBatchSize: 500,
        batchScheduleFn: (run) => setImmediate(run),
      });
      loaders.set(db, loader);
    }
    return loader;
  };
}
