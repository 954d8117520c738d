// One console of the web page, in a worker of its own (two consoles run on two cores): the chip
// of chip.mjs, shared with the node harness (emulator/runtimes/rp2040/vpico.mjs), its flash
// kept in IndexedDB (store.js), its glass sent to the page as RGBA frames, its keys from the
// page (stretched on emulated time so that every tap reaches the firmware), its UART joined to
// the other console's through a MessagePort, its USB serial a raw REPL for the page's own
// reads (scores.log) and for tests.
//
// page -> worker {op, id, ...}: boot, down/up {bit}, stats, exec {code}, files, flush, clear
// worker -> page {id, ...} replies; {ev: "frame", rgba, lit} glass; {ev: "speed", percent, mhz}
import * as rp2040js from "./vendor/rp2040js/index.js";
import { VirtualPico, loadUf2, SECTOR } from "./chip.mjs";
import { FlashStore } from "./store.js";

const TAP_MS = 60; // a key is down, and up again, at least this long in emulated time (> the 20 ms lockout)
const HOLD_MS = 700; // X and Y on a board without them: B and A held (hal/buttons.py reads 500 ms)
const FRAME_MS = 16;
const SPEED_MS = 1000;
const FLUSH_MS = 100;
const keyBits = { UP: 1, DOWN: 2, LEFT: 4, RIGHT: 8, PRESS: 16, A: 32, B: 64, X: 128, Y: 256 };

let boardInfo; // the board's facts from site.json
let bootrom;
let uf2;
let store;
let pico = null;
let serial = null;
let link = null;
const dirty = new Set(); // sectors changed since the last write to IndexedDB
let stored = 0; // writes completed (tests wait for them)
let storing = null;

// --- the USB serial port as a raw REPL -------------------------------------------------------
class Serial {
  constructor() { this.text = ""; this.waiters = []; }
  push(bytes) {
    for (const b of bytes) this.text += String.fromCharCode(b);
    if (this.text.length > 1 << 20 && !this.waiters.length) this.text = this.text.slice(-(1 << 16)); // nobody reads it
    for (const w of [...this.waiters]) w();
  }
  until(marker, from, ms) {
    return new Promise((resolve, reject) => {
      const check = () => {
        const at = this.text.indexOf(marker, from);
        if (at < 0) return false;
        this.waiters = this.waiters.filter((w) => w !== check);
        clearTimeout(timer);
        resolve(at + marker.length);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`no ${JSON.stringify(marker)} from the board: ${JSON.stringify(this.text.slice(-200))}`));
      }, ms);
      if (!check()) this.waiters.push(check);
    });
  }
}

// MicroPython's raw REPL, as mpremote drives it: Ctrl-C stops what runs (the game), Ctrl-A
// enters the raw REPL, the code, Ctrl-D runs it; "OK", its output, \x04, its errors, \x04.
async function rawExec(chip, port, code, ms = 60000) {
  const from = port.text.length;
  chip.typeIn(new TextEncoder().encode("\r\x03\x03\x01"));
  let at = await port.until("raw REPL; CTRL-B to exit\r\n>", from, 20000);
  chip.typeIn(new TextEncoder().encode(code + "\x04"));
  at = await port.until("OK", at, 20000);
  const end = await port.until("\x04", at, ms);
  const errEnd = await port.until("\x04", end, ms);
  return { out: port.text.slice(at, end - 1), err: port.text.slice(end, errEnd - 1) };
}

// --- keys: page events to pin levels on emulated time --------------------------------------
const keys = {
  held: 0, shown: 0, since: {}, queue: {}, hold: {},
  pins(level) { return boardInfo.keys.filter(([bit]) => level & bit).map(([, gp]) => gp); },
  has(bit) { return boardInfo.keys.some(([b]) => b === bit); },
  down(bit) {
    let hold = TAP_MS;
    if (!this.has(bit) && (bit === keyBits.X || bit === keyBits.Y)) { // the 1.14: held B is X, held A is Y
      bit = bit === keyBits.X ? keyBits.B : keyBits.A;
      hold = HOLD_MS;
    }
    if (!this.has(bit) || this.held & bit) return; // not on this board; or the system's auto-repeat
    this.held |= bit;
    (this.queue[bit] ||= []).push(hold);
    this.step();
    pico?.wake();
  },
  up(bit) {
    if (!this.has(bit) && bit === keyBits.X) bit = keyBits.B;
    else if (!this.has(bit) && bit === keyBits.Y) bit = keyBits.A;
    this.held &= ~bit;
    this.step();
    pico?.wake();
  },
  // Each press is a phase of its own: down for at least its hold from when it went down, then
  // up for at least TAP_MS before a waiting press goes down (emulator/window.py's TapStretch,
  // on the chip's clock: a tap the page saw is never lost, however busy the host).
  step() {
    if (!pico || !(this.shown || this.held || Object.keys(this.queue).length)) return;
    const now = pico.nowNs();
    let shown = this.shown;
    for (const [bit] of boardInfo.keys) {
      const since = this.since[bit];
      const waiting = this.queue[bit];
      if (shown & bit) {
        if (now - since >= this.hold[bit] * 1e6 && !(this.held & bit && !waiting)) { shown &= ~bit; this.since[bit] = now; }
      } else if (waiting && (since === undefined || now - since >= TAP_MS * 1e6)) {
        this.hold[bit] = waiting.shift();
        if (!waiting.length) delete this.queue[bit];
        shown |= bit;
        this.since[bit] = now;
      }
    }
    if (shown !== this.shown) {
      this.shown = shown;
      pico.setKeys(this.pins(shown));
    }
  },
};

// --- the chip ---------------------------------------------------------------------------------
function chip(flash, host, extra = {}) {
  return new VirtualPico(rp2040js, {
    bootrom, flash, dc: boardInfo.dc, bl: boardInfo.bl, spi: boardInfo.spi, uart: boardInfo.uart,
    glass: boardInfo.glass, keyPins: boardInfo.keys.map(([, gp]) => gp), wireLog: false, ...extra,
  }, host);
}

async function boot() {
  const image = new Uint8Array(boardInfo.flash_size).fill(0xff);
  for (const [offset, bytes] of await store.sectors()) image.set(bytes, offset);
  loadUf2(image, uf2); // every start is the page's UF2 dropped on the kept flash: the filesystem stays
  serial = new Serial();
  pico = chip(image, {
    usbOut: (bytes) => serial.push(bytes),
    wireOut: (b) => link?.postMessage(b),
    flashWritten: (off, n) => {
      for (let s = off - (off % SECTOR); s < off + n; s += SECTOR) dirty.add(s);
    },
    step: () => keys.step(),
  });
  pico.start();
}

async function flush() {
  if (!dirty.size || storing) return storing;
  const sectors = [...dirty].map((s) => [s, pico.flash.slice(s, s + SECTOR)]);
  dirty.clear();
  storing = store.write(sectors).then(() => { stored++; storing = null; });
  return storing;
}

// The files at the root of the console's filesystem, read by MicroPython itself: a second chip
// boots from a copy of the flash with the board's skip key held (main.py then stays in the
// REPL) and prints them over its USB serial. The console keeps playing meanwhile.
const LIST_FILES = `import os, binascii
for n in sorted(os.listdir('/')):
    if os.stat(n)[0] & 0x4000:
        continue
    print('FILE', n)
    with open(n, 'rb') as f:
        while True:
            b = f.read(512)
            if not b:
                break
            print(binascii.hexlify(b).decode())
`;

async function readFiles() {
  const port = new Serial();
  let usbUp;
  const up = new Promise((resolve) => { usbUp = resolve; });
  const reader = chip(pico.flash.slice(), { usbOut: (bytes) => port.push(bytes), event: (e) => { if (e.ev === "usb") usbUp(); } });
  reader.keysLow = new Set(keys.pins(boardInfo.skip_key));
  reader.start();
  try {
    await Promise.race([up, new Promise((_, reject) => setTimeout(() => reject(new Error("the reader did not start")), 20000))]);
    const { out, err } = await rawExec(reader, port, LIST_FILES);
    if (err) throw new Error(err.trim().split("\n").pop());
    const files = {};
    for (const part of out.split("FILE ").slice(1)) {
      const [name, ...lines] = part.split(/\r?\n/);
      const hex = lines.join("");
      const bytes = new Uint8Array(hex.length / 2);
      for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
      files[name.trim()] = bytes;
    }
    return files;
  } finally {
    reader.stop();
  }
}

// --- frames and speed to the page ----------------------------------------------------------
let shownVersion = -1;
function frame() {
  if (!pico) return;
  const panel = pico.panel;
  const lit = pico.lit() && panel.on && !panel.asleep; // backlight, DISPON and out of sleep: a glass to see
  const version = panel.version * 2 + (lit ? 1 : 0);
  if (version === shownVersion) return;
  shownVersion = version;
  const [, , w, h] = boardInfo.glass;
  const rgba = new Uint8ClampedArray(w * h * 4);
  if (lit) {
    const p = pico.glass();
    for (let i = 0, j = 0; i < p.length; i += 2, j += 4) {
      const c = (p[i] << 8) | p[i + 1];
      const r = (c >> 11) & 0x1f, g = (c >> 5) & 0x3f, b = c & 0x1f;
      rgba[j] = (r << 3) | (r >> 2); // 565 expanded, low bits replicated: the desktop emulator's colours
      rgba[j + 1] = (g << 2) | (g >> 4);
      rgba[j + 2] = (b << 3) | (b >> 2);
      rgba[j + 3] = 255;
    }
  } else {
    for (let j = 3; j < rgba.length; j += 4) rgba[j] = 255;
  }
  postMessage({ ev: "frame", rgba, w, h, version }, [rgba.buffer]);
}

let last = null;
function speed() {
  if (!pico) return;
  const now = { t: pico.nowNs(), wall: performance.now(), cycles: pico.totalCycles };
  if (last) {
    const wallNs = (now.wall - last.wall) * 1e6;
    postMessage({ ev: "speed", percent: (100 * (now.t - last.t)) / wallNs, mhz: ((now.cycles - last.cycles) * 1e3) / wallNs });
  }
  last = now;
}

function stats() {
  const b = pico.board;
  return {
    t_ns: pico.nowNs(), cycles: pico.totalCycles, resets: pico.resets, last_spi_ns: pico.panel.burst ? pico.panel.burst.last_ns : -1,
    keys_low: [...pico.keysLow], keys_pending: !!(keys.shown || keys.held) || Object.keys(keys.queue).length > 0, version: shownVersion,
    uart_tx: b.uartTx, uart_rx: b.uartRx, stored, dirty: dirty.size + (storing ? 1 : 0), usb: b.connected,
  };
}

// Hold a Web Lock for as long as the worker lives; false when another holds it.
function holdLock(name) {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks.request(name, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      return lock ? new Promise(() => {}) : undefined;
    });
  });
}

// --- the page's requests ------------------------------------------------------------------------
onmessage = async (e) => {
  const m = e.data;
  const reply = (r) => postMessage({ id: m.id, ...r });
  try {
    switch (m.op) {
      case "boot":
        boardInfo = m.board;
        bootrom = new Uint8Array(m.bootrom);
        uf2 = new Uint8Array(m.uf2);
        // one tab per console and board, as one chip per flash file: a second would write over it
        if (!await holdLock(`burako/${m.slot}/${boardInfo.name}`)) {
          return reply({ error: "this console is open in another tab or window" });
        }
        store = await new FlashStore(m.slot, boardInfo.name).open();
        if (m.link) {
          link = m.link;
          link.onmessage = (ev) => pico?.receive([ev.data]);
        }
        await boot();
        setInterval(frame, FRAME_MS);
        setInterval(speed, SPEED_MS);
        setInterval(flush, FLUSH_MS);
        return reply({ ok: true });
      case "down": return keys.down(m.bit);
      case "up": return keys.up(m.bit);
      case "stats": return reply(stats());
      case "exec": return reply(await rawExec(pico, serial, m.code, m.ms || 60000));
      case "files": return reply({ files: await readFiles() });
      case "flush": // everything the chip wrote so far is in IndexedDB (tests, before a reload)
        while (dirty.size || storing) {
          await flush();
          await storing;
        }
        return reply({ stored });
      case "clear": // a new console: nothing kept, the UF2 alone
        pico.stop();
        dirty.clear();
        await storing;
        await store.clear();
        shownVersion = -1;
        await boot();
        return reply({ ok: true });
      default:
        return reply({ error: "unknown op " + m.op });
    }
  } catch (err) {
    reply({ error: String(err.message || err) });
  }
};
