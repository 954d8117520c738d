// The consoles' flash in the browser's IndexedDB: database "burako", object store "flash", one
// record per 4 KB sector the chip has erased or programmed, keyed [console, board, offset],
// its value the sector's 4,096 bytes as the chip last left them. The firmware comes from the
// page's UF2 at every start (docs/web.md "Storage"), so what is kept is what the chip wrote:
// the filesystem (saves, score log, names, settings).
const DB = "burako";
const STORE = "flash";

function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error);
  });
}

export class FlashStore {
  constructor(slot, board) {
    this.range = IDBKeyRange.bound([slot, board, 0], [slot, board, Infinity]);
    this.key = (offset) => [slot, board, offset];
  }

  async open() {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE);
    this.db = await request(r);
    return this;
  }

  // [[offset, Uint8Array(4096)], ...] of every sector kept for this console and board
  async sectors() {
    const tx = this.db.transaction(STORE, "readonly");
    const store = tx.objectStore(STORE);
    const [keys, values] = await Promise.all([request(store.getAllKeys(this.range)), request(store.getAll(this.range))]);
    return keys.map((k, i) => [k[2], new Uint8Array(values[i])]);
  }

  // the sectors in one transaction: the stored flash is always one the chip has been through
  async write(sectors) {
    const tx = this.db.transaction(STORE, "readwrite", { durability: "strict" });
    const store = tx.objectStore(STORE);
    for (const [offset, bytes] of sectors) store.put(bytes, this.key(offset));
    await done(tx);
  }

  async clear() {
    const tx = this.db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).delete(this.range);
    await done(tx);
  }
}
