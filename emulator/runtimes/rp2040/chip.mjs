// The virtual Pico's chip: rp2040js completed where the real MicroPython rp2 firmware needs it,
// and the ST7789 decoded from its SPI bus. One module for both hosts: vpico.mjs (node: a flash
// file, a pty, TCP, the JSON control channel) and the web console (emulator/web/: IndexedDB, a
// canvas, a second console's UART in the same page). It uses nothing of either host: what a
// host does with the chip's outputs (serial bytes, wire bytes, flash writes, events) are the
// functions of `host` given to VirtualPico; board facts (pins, SPI, UART, glass, flash size)
// are arguments. docs/vpico.md "What rp2040js 1.4.1 lacks" says why each part is here.
//
//     import * as rp2040js from "rp2040js";
//     const pico = new VirtualPico(rp2040js, { bootrom, flash, dc: 8, bl: 13, ... }, host);
//     pico.start();                 // boots and runs against the wall clock until stop()

export const XIP = 0x10000000;
export const FLASH_SIZE = 2 * 1024 * 1024; // the Pico's flash chip (a board may give another size)
export const SECTOR = 4096; // the flash chip's erase unit
const UF2_MAGIC = [0x0a324655, 0x9e5d5157];
const UF2_FAMILY_RP2040 = 0xe48bff56;

// --- UF2 -------------------------------------------------------------------------
// The 256-byte pages a UF2 writes, as the RP2040 bootrom reads them: [[flash offset, bytes]].
export function uf2Pages(bytes, flashSize = FLASH_SIZE) {
  if (!bytes.length || bytes.length % 512) throw new Error("not a UF2 file");
  const pages = [];
  for (let off = 0; off < bytes.length; off += 512) {
    const v = new DataView(bytes.buffer, bytes.byteOffset + off, 512);
    if (v.getUint32(0, true) !== UF2_MAGIC[0] || v.getUint32(4, true) !== UF2_MAGIC[1]) throw new Error("not a UF2 file");
    const flags = v.getUint32(8, true);
    if (flags & 1) continue; // not main flash
    if (flags & 0x2000 && v.getUint32(28, true) !== UF2_FAMILY_RP2040) throw new Error("a UF2 for another chip");
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    if (addr < XIP || addr + size > XIP + flashSize) throw new Error(`UF2 block outside the ${flashSize >> 20} MB flash`);
    pages.push([addr - XIP, bytes.subarray(off + 32, off + 32 + size)]);
  }
  return pages;
}

// Load a UF2 over a flash image as the bootrom does when it is dropped on the RPI-RP2 drive:
// each sector a page lands in is erased once, then the page programmed; other sectors keep
// their bytes (the filesystem). Returns the offsets of the sectors written.
export function loadUf2(image, bytes) {
  const erased = new Set();
  for (const [off, data] of uf2Pages(bytes, image.length)) {
    const sector = off - (off % SECTOR);
    if (!erased.has(sector)) { image.fill(0xff, sector, sector + SECTOR); erased.add(sector); }
    image.set(data, off);
  }
  return [...erased].sort((a, b) => a - b);
}

// --- the ROM's flash functions, trapped ------------------------------------------------
// The ROM function table: a halfword pointer at 0x14 to (code, address) halfword pairs.
export function romFunction(bootrom, code) {
  const b = new DataView(bootrom.buffer, bootrom.byteOffset, bootrom.byteLength);
  let p = b.getUint16(0x14, true);
  for (;;) {
    const c = b.getUint16(p, true);
    if (!c) return 0;
    if (c === (code.charCodeAt(0) | (code.charCodeAt(1) << 8))) return b.getUint16(p + 2, true) & ~1;
    p += 4;
  }
}

const BKPT_ERASE = 0x10;
const BKPT_PROGRAM = 0x11;
// The bootrom as 32-bit words with BKPT on the first halfword of flash_range_erase ("RE") and
// flash_range_program ("RP"): the chip stops there and VirtualPico applies the call.
function trappedRom(bootrom) {
  const words = new Uint32Array(bootrom.buffer.slice(bootrom.byteOffset, bootrom.byteOffset + 16384));
  const v = new DataView(words.buffer);
  v.setUint16(romFunction(bootrom, "RE"), 0xbe00 | BKPT_ERASE, true);
  v.setUint16(romFunction(bootrom, "RP"), 0xbe00 | BKPT_PROGRAM, true);
  return words;
}

// --- the ST7789 on the SPI bus ---------------------------------------------------------------
const ST = { CASET: 0x2a, RASET: 0x2b, RAMWR: 0x2c, MADCTL: 0x36, DISPOFF: 0x28, DISPON: 0x29, SLPIN: 0x10, SLPOUT: 0x11 };
const RAM_W = 320;
const BURST_GAP_NS = 20e6; // an "LCD frame": SPI bytes until 20 ms without any

// The controller's RAM in MCU address order, fed one byte at a time with the DC level.
export class Panel {
  constructor() {
    this.ram = new Uint8Array(RAM_W * RAM_W * 2);
    this.cmd = 0; this.args = []; this.x0 = 0; this.x1 = 0; this.y0 = 0; this.y1 = 0; this.x = 0; this.y = 0;
    this.hi = -1; this.madctl = 0; this.on = false; this.asleep = true;
    this.version = 0; // counts pixels written and display state changes
    this.bursts = []; // the last 200 LCD frames: start, first CASET, last pixel, byte counts
    this.burst = null;
  }

  byte(t, dc, b) {
    let burst = this.burst;
    if (!burst || t - burst.last_ns > BURST_GAP_NS) {
      burst = this.burst = { start_ns: t, first_caset_ns: -1, last_pixel_ns: -1, last_ns: t, bytes: 0, pixel_bytes: 0, windows: 0 };
      this.bursts.push(burst);
      if (this.bursts.length > 200) this.bursts.shift();
    }
    burst.last_ns = t;
    burst.bytes++;
    if (!dc) {
      this.cmd = b;
      this.args = [];
      this.hi = -1;
      if (b === ST.CASET && burst.first_caset_ns < 0) burst.first_caset_ns = t;
      if (b === ST.RAMWR) { this.x = this.x0; this.y = this.y0; burst.windows++; }
      if (b === ST.DISPON || b === ST.DISPOFF || b === ST.SLPIN || b === ST.SLPOUT) this.version++;
      if (b === ST.DISPON) this.on = true;
      if (b === ST.DISPOFF) this.on = false;
      if (b === ST.SLPIN) this.asleep = true;
      if (b === ST.SLPOUT) this.asleep = false;
      return;
    }
    if (this.cmd === ST.RAMWR) {
      burst.pixel_bytes++;
      burst.last_pixel_ns = t;
      if (this.hi < 0) { this.hi = b; return; }
      if (this.x < RAM_W && this.y < RAM_W) {
        const o = (this.y * RAM_W + this.x) * 2;
        this.ram[o] = this.hi;
        this.ram[o + 1] = b;
      }
      this.hi = -1;
      this.version++;
      if (++this.x > this.x1) { this.x = this.x0; if (++this.y > this.y1) this.y = this.y0; }
      return;
    }
    const a = this.args;
    a.push(b);
    if (a.length === 4 && this.cmd === ST.CASET) { this.x0 = (a[0] << 8) | a[1]; this.x1 = (a[2] << 8) | a[3]; }
    if (a.length === 4 && this.cmd === ST.RASET) { this.y0 = (a[0] << 8) | a[1]; this.y1 = (a[2] << 8) | a[3]; }
    if (a.length === 1 && this.cmd === ST.MADCTL) this.madctl = b;
  }

  // The glass: the RAM window [x, x+w) x [y, y+h) as RGB565 big-endian, row by row.
  glass([x, y, w, h], out = new Uint8Array(w * h * 2)) {
    for (let row = 0; row < h; row++) {
      const o = ((y + row) * RAM_W + x) * 2;
      out.set(this.ram.subarray(o, o + w * 2), row * w * 2);
    }
    return out;
  }
}

// --- the board ------------------------------------------------------------------------------
// UART registers (PL011)
const UARTDR = 0x0, UARTFR = 0x18;
const FR_BUSY = 1 << 3, FR_TXFF = 1 << 5, FR_TXFE = 1 << 7;
const INT_TX = 1 << 5;
const OUT_HIGH = 16384; // USB output waiting above this: the IN endpoint is held back
const WIRE_MAX = 400000;
const NS_PER_CYCLE = 8; // 125 MHz
const SLICE_MS = 25; // run this long, then let the host's events in

const quietLogger = { debug() {}, info() {}, warn() {}, error(c, m) { console.error(`rp2040js ${c}: ${m}`); } };

const immediate = globalThis.setImmediate
  ? (fn) => globalThis.setImmediate(fn)
  : (() => { // a browser: a message to ourselves runs as soon as the event loop is free (setTimeout clamps to 4 ms)
    const channel = new MessageChannel();
    const queue = [];
    channel.port1.onmessage = () => queue.shift()();
    return (fn) => { queue.push(fn); channel.port2.postMessage(0); };
  })();

// One virtual Pico: the chip (rebuilt on a watchdog reboot, the flash kept), its panel, its
// keys, its UART's wire and its USB serial, run against the wall clock.
//
// options: bootrom (Uint8Array, 16 KB), flash (Uint8Array image, kept and written in place),
//   dc, bl, spi, uart (ids), glass [x, y, w, h], keyPins [gp...], wireLog (keep the UART byte log)
// host (every function optional):
//   usbOut(bytes)          serial bytes the board wrote to its USB CDC port
//   usbBacklog()           how many of them the host has not taken yet (backpressure)
//   wireOut(byte)          a byte whose last bit left UART TX
//   flashKeep()            how many bytes of the next flash call reach the chip (a power cut); Infinity
//   flashWritten(off, n, kept)  a ROM erase/program changed flash[off, off+n) (kept bytes of it)
//   event(obj)             {ev: "usb"} enumerated, {ev: "reset", t_ns} a watchdog reboot
//   step()                 called between batches of instructions (key timing)
//   boardBuilt(board)      at every power-on, the new chip (board.mcu, board.clock): a host's own hooks
export class VirtualPico {
  constructor(rp2040js, options, host = {}) {
    this.lib = rp2040js;
    this.options = options;
    this.host = host;
    this.flash = options.flash;
    this.rom = trappedRom(options.bootrom);
    this.romErase = romFunction(options.bootrom, "RE");
    this.romProgram = romFunction(options.bootrom, "RP");
    this.panel = new Panel();
    this.keyPins = options.keyPins;
    this.keysLow = new Set();
    this.keyLog = [];
    this.hostIn = []; // bytes the USB host typed, not yet taken by the device
    this.wireIn = []; // bytes arrived from the other board, not yet in the RX FIFO
    this.wire = { tx_in: [], tx_out: [], rx: [] };
    this.resets = 0;
    this.totalCycles = 0;
    this.emuBase = 0; // emulated ns before the current chip (reboots keep counting)
    this.timer = null;
    this.stopped = true;
    this.board = null;
  }

  // --- life ---
  start() {
    this.boot(0);
    this.stopped = false;
    this.wallAnchor = performance.now(); // wall ms at which emulated time was `emuAnchor`
    this.emuAnchor = 0;
    immediate(() => this.run());
  }

  stop() {
    this.stopped = true;
    if (this.timer !== null) { clearTimeout(this.timer); this.timer = null; }
  }

  boot(reason) {
    this.board = new Board(this, reason);
    this.board.usbFeed();
  }

  nowNs() {
    return this.emuBase + this.board.clock.nanos;
  }

  // --- the host's side ---
  setKeys(low) {
    this.keysLow = new Set(low);
    for (const p of this.keyPins) this.board.mcu.gpio[p].setInputValue(!this.keysLow.has(p));
    this.keyLog.push({ t_ns: this.nowNs(), low: [...this.keysLow] });
    if (this.keyLog.length > 200) this.keyLog.shift();
    this.wake();
  }

  releaseKeysAfter(ms) {
    this.board.releaseAlarm.schedule(ms * 1e6);
    this.wake();
  }

  typeIn(bytes) {
    for (const b of bytes) this.hostIn.push(b);
    this.board?.usbFeed();
  }

  usbDrained() {
    this.board?.usbDrained();
  }

  receive(bytes) { // from the other end of the link cable
    for (const b of bytes) this.wireIn.push(b);
    this.board?.uartFeed();
  }

  glass() {
    return this.panel.glass(this.options.glass);
  }

  lit() {
    return !!this.board.mcu.gpio[this.options.bl].outputValue;
  }

  wireLog(list, b) {
    if (this.options.wireLog !== false && list.length < WIRE_MAX) list.push(this.nowNs(), b);
  }

  // --- the run loop: emulated time, never ahead of the wall clock ---
  wake() {
    if (this.timer !== null) { clearTimeout(this.timer); this.timer = null; immediate(() => this.run()); }
  }

  run() {
    this.timer = null;
    if (this.stopped) return;
    const core = this.board.mcu.core;
    const clock = this.board.clock;
    const sliceEnd = performance.now() + SLICE_MS;
    for (;;) {
      const ran = !core.waiting;
      let cycles = 0;
      const board = this.board;
      for (let i = 0; i < 20000; i++) {
        if (core.waiting || board.rebootPending) break;
        const c = core.executeInstruction();
        cycles += c;
        // clock.tick() inlined for the common case of no alarm due
        const d = c * NS_PER_CYCLE;
        const next = clock.nextAlarm;
        if (next !== null && next.nanos <= clock.nanosCounter + d) clock.tick(d);
        else clock.nanosCounter += d;
      }
      this.totalCycles += cycles;
      if (board.rebootPending) {
        const reason = board.watchdog.reason;
        this.emuBase += clock.nanos;
        this.resets++;
        this.boot(reason);
        this.host.event?.({ ev: "reset", t_ns: this.emuBase });
        this.wallAnchor = performance.now();
        this.emuAnchor = 0;
        return immediate(() => this.run());
      }
      this.host.step?.();
      const now = performance.now();
      // Emulated time may lag the wall clock (the emulator is slower than a Pico) but never lead it;
      // a lag is forgiven so that sleeps after busy work still last their wall time.
      let wallNs = this.emuAnchor + (now - this.wallAnchor) * 1e6;
      if (ran && wallNs - clock.nanos > 5e6) {
        this.wallAnchor = now;
        this.emuAnchor = clock.nanos;
        wallNs = clock.nanos;
      }
      if (core.waiting) {
        const next = clock.nextAlarm ? clock.nextAlarm.nanos : Infinity;
        const target = Math.min(next, wallNs);
        if (target > clock.nanos) clock.tick(target - clock.nanos);
        if (core.waiting) {
          if (clock.nanos >= wallNs || !clock.nextAlarm) {
            // sleep the host until the next alarm is due in wall time (or something wakes us)
            const aheadMs = next === Infinity ? 10 : Math.max(0, (next - wallNs) / 1e6);
            this.timer = setTimeout(() => this.run(), Math.min(10, Math.max(1, aheadMs)));
            return;
          }
        }
        continue;
      }
      if (now >= sliceEnd) break;
    }
    immediate(() => this.run());
  }
}

// One power-on of the chip: rp2040js's RP2040 with the hooks, rebuilt by a watchdog reboot.
class Board {
  constructor(pico, reason) {
    const { RP2040 } = pico.lib;
    this.pico = pico;
    const mcu = new RP2040();
    this.mcu = mcu;
    mcu.logger = quietLogger;
    mcu.loadBootrom(pico.rom);
    mcu.flash.set(pico.flash);
    this.watchdog = mcu.peripherals[0x40058];
    this.watchdog.reason = reason;
    this.watchdog.onWatchdogTrigger = () => { this.rebootPending = true; };
    this.rebootPending = false;
    mcu.onBreak = (code) => this.romCall(code);
    // Core 1 is not modelled: its FIFO reads as rp2040js answers any unknown SIO register
    // (0xffffffff), without the console warning each poll would print.
    const sioRead = mcu.sio.readUint32.bind(mcu.sio);
    mcu.sio.readUint32 = (offset) => (offset === 0x50 || offset === 0x58 ? 0xffffffff : sioRead(offset));
    const sioWrite = mcu.sio.writeUint32.bind(mcu.sio);
    mcu.sio.writeUint32 = (offset, value) => { if (offset !== 0x54) sioWrite(offset, value); };
    this.clock = mcu.clock;
    this.setupUSB();
    this.setupSPI();
    this.setupUART();
    pico.host.boardBuilt?.(this); // a host's own hooks on this power-on's chip (mcu, clock)
    this.releaseAlarm = this.clock.createAlarm(() => pico.setKeys([]));
    const keyPins = pico.keyPins;
    for (const p of keyPins) mcu.gpio[p].setInputValue(!pico.keysLow.has(p));
    // A pin wired to nothing reads its pad's pull, as on the chip: rp2040js reads every undriven
    // input low, so the 1.3 profile's X key (GP19, no button on the Pico-LCD-1.14) read held
    // with its pull-up on and main.py stayed in the REPL. Key pins are driven by setKeys.
    for (const pin of mcu.gpio) {
      if (keyPins.includes(pin.index)) continue;
      pin.addListener(() => {
        if (!pin.outputEnable && pin.pullupEnabled !== pin.pulldownEnabled) pin.setInputValue(pin.pullupEnabled);
      });
    }
    mcu.core.PC = XIP; // boot2 in flash, as rp2040js's MicroPython demo starts
  }

  // rp2040js has no flash chip behind the SSI: apply the ROM's erase/program to the image.
  romCall(code) {
    const core = this.mcu.core;
    const r = core.registers;
    const flash = this.pico.flash;
    const host = this.pico.host;
    if (code === BKPT_ERASE) {
      const off = r[0] >>> 0, n = r[1] >>> 0;
      const kept = Math.min(n, host.flashKeep ? host.flashKeep() : n);
      flash.fill(0xff, off, off + kept);
      this.mcu.flash.fill(0xff, off, off + kept);
      host.flashWritten?.(off, n, kept);
    } else if (code === BKPT_PROGRAM) {
      const off = r[0] >>> 0, src = r[1] >>> 0, n = r[2] >>> 0;
      const kept = Math.min(n, host.flashKeep ? host.flashKeep() : n);
      for (let i = 0; i < kept; i++) flash[off + i] &= this.mcu.readUint8(src + i); // NOR: bits only clear
      this.mcu.flash.set(flash.subarray(off, off + n), off);
      host.flashWritten?.(off, n, kept);
    } else {
      console.error(`vpico: breakpoint ${code} at ${(core.PC - 2).toString(16)}`);
      return;
    }
    core.PC = r[14] & ~1; // return to the caller
  }

  // Complete a USB CDC OUT transfer only when armed AND the host has data (no interrupt storm).
  setupUSB() {
    const pico = this.pico;
    const usb = this.mcu.usbCtrl;
    const cdc = new pico.lib.USBCDC(usb);
    this.cdc = cdc;
    this.outArmed = 0;
    this.connected = false;
    cdc.onDeviceConnected = () => {
      this.connected = true;
      pico.hostIn.unshift(0x0d); // the banner and prompt wait for a first host byte
      pico.host.event?.({ ev: "usb", connected: true });
      this.usbFeed();
    };
    cdc.onSerialData = (buf) => pico.host.usbOut?.(buf);
    usb.onEndpointRead = (ep, size) => {
      if (ep !== cdc.outEndpoint) return;
      this.outArmed = size;
      this.usbFeed();
    };
    // Backpressure: hold the IN endpoint's completion while the host is not reading.
    const backlog = () => (pico.host.usbBacklog ? pico.host.usbBacklog() : 0);
    const orig = usb.DPRAMUpdated.bind(usb);
    this.heldIn = null;
    usb.DPRAMUpdated = (offset, value) => {
      if (cdc.inEndpoint > 0 && offset === 0x80 + cdc.inEndpoint * 8 && value & (1 << 10) && backlog() > OUT_HIGH) {
        this.heldIn = [offset, value];
        return;
      }
      orig(offset, value);
    };
    this.usbOrig = orig;
    this.backlog = backlog;
  }

  usbFeed() {
    const hostIn = this.pico.hostIn;
    if (!this.outArmed || !hostIn.length || !this.connected) return;
    const n = Math.min(this.outArmed, 64, hostIn.length);
    const pkt = Uint8Array.from(hostIn.splice(0, n));
    this.outArmed = 0;
    this.mcu.usbCtrl.endpointReadDone(this.cdc.outEndpoint, pkt);
    this.pico.wake();
  }

  usbDrained() {
    if (this.heldIn && this.backlog() <= OUT_HIGH) {
      const [o, v] = this.heldIn;
      this.heldIn = null;
      this.usbOrig(o, v);
      this.pico.wake();
    }
  }

  // The SPI to the ST7789: each byte takes 8 bit times at the programmed clock.
  setupSPI() {
    const pico = this.pico;
    const spi = this.mcu.spi[pico.options.spi];
    const dc = this.mcu.gpio[pico.options.dc];
    let rx = 0;
    const done = this.clock.createAlarm(() => spi.completeTransmit(rx));
    spi.onTransmit = (value) => {
      pico.panel.byte(pico.emuBase + this.clock.nanos, dc.outputValue, value & 0xff);
      const hz = spi.clockFrequency || 1e6;
      done.schedule(Math.max(8, Math.round(8e9 / hz)));
    };
  }

  // rp2040js's UART raises TX at every interrupt check (a hang): a 32-byte TX FIFO drained at
  // the baud rate instead, and the wire's bytes fed into RX one frame time apart.
  setupUART() {
    const pico = this.pico;
    const u = this.mcu.uart[pico.options.uart];
    const self = this;
    this.txFifo = [];
    this.shifting = false;
    this.lastRx = -1e18;
    const frameNs = () => {
      const lcr = u.lineCtrlRegister;
      const bits = 1 + u.wordLength + (lcr & 2 ? 1 : 0) + (lcr & 8 ? 2 : 1);
      return Math.round((bits * 1e9) / (u.baudRate || 115200));
    };
    this.frameNs = frameNs;
    const shiftDone = this.clock.createAlarm(() => {
      const b = self.txFifo.shift();
      pico.host.wireOut?.(b);
      pico.wireLog(pico.wire.tx_out, b);
      self.uartTx++;
      if (self.txFifo.length) shiftDone.schedule(frameNs());
      else self.shifting = false;
      if (self.txFifo.length <= 16) { u.interruptStatus |= INT_TX; u.checkInterrupts(); }
    });
    this.uartTx = 0;
    this.uartRx = 0;
    u.checkInterrupts = function () {
      this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
    };
    const origRead = u.readUint32.bind(u);
    u.readUint32 = (offset) => {
      if (offset === UARTFR) {
        const n = self.txFifo.length;
        return (u.rxFIFO.full ? 1 << 6 : 0) | (u.rxFIFO.empty ? 1 << 4 : 0) |
          (n >= 32 ? FR_TXFF : 0) | (n === 0 ? FR_TXFE : 0) | (n || self.shifting ? FR_BUSY : 0);
      }
      const v = origRead(offset);
      if (offset === UARTDR) self.uartFeed();
      return v;
    };
    const origWrite = u.writeUint32.bind(u);
    u.writeUint32 = (offset, value) => {
      if (offset === UARTDR) {
        if (self.txFifo.length < 32) { self.txFifo.push(value & 0xff); pico.wireLog(pico.wire.tx_in, value & 0xff); }
        if (self.txFifo.length > 16) { u.interruptStatus &= ~INT_TX; u.checkInterrupts(); }
        if (!self.shifting) { self.shifting = true; shiftDone.schedule(frameNs()); }
        return;
      }
      origWrite(offset, value);
    };
    this.rxAlarm = this.clock.createAlarm(() => this.uartFeed());
    this.uart = u;
  }

  // Bytes from the wire enter the RX FIFO one frame time apart, while it has room.
  uartFeed() {
    const u = this.uart;
    const wireIn = this.pico.wireIn;
    while (wireIn.length && !u.rxFIFO.full) {
      const now = this.clock.nanos;
      const due = this.lastRx + this.frameNs();
      if (now < due) { this.rxAlarm.schedule(due - now); this.pico.wake(); return; }
      this.lastRx = now;
      const b = wireIn.shift();
      this.pico.wireLog(this.pico.wire.rx, b);
      u.feedByte(b);
      this.uartRx++;
      this.pico.wake();
    }
  }
}
