// The virtual Raspberry Pi Pico: the real MicroPython rp2 firmware on rp2040js.
//
//     node vpico.mjs --flash FILE --uf2 FILE --bootrom FILE --pty-fd N
//                    [--dc 8 --bl 13 --glass X,Y,W,H --keys 2,18,...] [--link listen:PORT | socket://HOST:PORT]
//                    [--flash-size BYTES] [--speaker PIN] [--adc CH=RAW,...]
//
// USB CDC is the pty master on fd N (its slave is the board's serial port for mpremote).
// stdin/stdout carry the control channel, one JSON object per line each way: requests
// {"id", "op", ...} get a reply {"id", ...}; events {"ev", ...} come unasked.
//   op "keys"   {"low": [pins], "hold_ms"}  key pins held low (pressed), released after hold_ms
//                                of emulated time when given; all other key pins read high
//   op "screen" {"since"}        the glass as RGB565 big-endian, base64, + version, lit, on, t_ns
//                                (no pixels when nothing changed since version `since`)
//   op "stats"                   emulated time, cycles, SPI bursts, key edges, resets, UART
//   op "wire"   {"clear"}        the UART's byte log: [t_ns, byte, ...] flat, for bytes written to the
//                                TX FIFO (tx_in), bytes whose last bit left (tx_out), bytes put into
//                                the RX FIFO (rx); "clear" empties it after the reply
//   op "cut"    {"after", "keep"} the power fails during the flash call after `after` more, `keep` bytes in
//   op "tones"  {"clear"}        the speaker pin's tones (--speaker: its PWM slice decoded): [{hz, pulse_ns,
//                                start_ns, end_ns}] ended, and `playing` (end_ns null); "clear" drops the ended
//   op "adc"    {"channel", "value"} what an ADC channel reads (12-bit; channel 0 is GP26), e.g. a battery
//   op "quit"
// The rp2040js model is completed where MicroPython needs it (docs/vpico.md): USB OUT
// transfers complete only with host data, the core sleeps on the wall clock while it waits,
// the ROM's flash erase/program are trapped and applied to the flash file, the UART moves
// bytes at its baud rate, the watchdog's reboot rebuilds the chip, SPI1 is decoded as an
// ST7789 whose bytes take 8 bit times at the programmed SPI clock.
import fs from "node:fs";
import net from "node:net";
import tty from "node:tty";
import { RP2040, USBCDC } from "rp2040js";

const XIP = 0x10000000;

// --- arguments ------------------------------------------------------------
function arg(name, dflt) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
}
const flashPath = arg("--flash");
const uf2Path = arg("--uf2");
const bootromPath = arg("--bootrom");
const ptyFd = Number(arg("--pty-fd", "-1"));
const DC = Number(arg("--dc", "8"));
const BL = Number(arg("--bl", "13"));
const SPI_ID = Number(arg("--spi", "1"));
const UART_ID = Number(arg("--uart", "0"));
const [GX, GY, GW, GH] = arg("--glass", "0,0,240,240").split(",").map(Number);
const KEY_PINS = arg("--keys", "2,18,16,20,3,15,17,19,21").split(",").filter(Boolean).map(Number);
const link = arg("--link", "");
const FLASH_SIZE = Number(arg("--flash-size", String(2 * 1024 * 1024))); // the board's flash chip (16 MB at most)
const SPEAKER = Number(arg("--speaker", "-1")); // a PWM pin whose tones are reported (op "tones")
const adcValues = [0, 0, 0, 0, 0]; // what each ADC channel reads, kept across reboots
for (const kv of arg("--adc", "").split(",").filter(Boolean)) {
  const [ch, v] = kv.split("=").map(Number);
  adcValues[ch] = v;
}

function fail(msg) {
  process.stderr.write("vpico: " + msg + "\n");
  process.exit(2);
}

// --- flash: a file holding the whole 2 MB chip ----------------------------
function uf2Image(buf) {
  const img = new Uint8Array(FLASH_SIZE).fill(0xff);
  for (let off = 0; off + 512 <= buf.length; off += 512) {
    const v = new DataView(buf.buffer, buf.byteOffset + off, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157) fail("not a UF2 file");
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    if (addr < XIP || addr + size > XIP + FLASH_SIZE) fail(`UF2 block outside the ${FLASH_SIZE >> 20} MB flash`);
    img.set(buf.subarray(off + 32, off + 32 + size), addr - XIP);
  }
  return img;
}

let flashFd;
let flashImage;
{
  let fresh = false;
  try {
    flashFd = fs.openSync(flashPath, "r+");
  } catch (e) {
    if (e.code !== "ENOENT") fail(`cannot open ${flashPath}: ${e.message}`);
    flashFd = fs.openSync(flashPath, "w+");
    fresh = true;
  }
  if (!fresh && fs.fstatSync(flashFd).size === 0) fresh = true; // created empty by the Python side's lock
  if (fresh) {
    flashImage = uf2Image(fs.readFileSync(uf2Path));
    fs.writeSync(flashFd, flashImage, 0, FLASH_SIZE, 0);
    fs.fsyncSync(flashFd);
  } else {
    flashImage = new Uint8Array(FLASH_SIZE).fill(0xff);
    fs.readSync(flashFd, flashImage, 0, FLASH_SIZE, 0);
  }
}
const bootromBytes = fs.readFileSync(bootromPath);
const bootromWords = new Uint32Array(bootromBytes.buffer.slice(bootromBytes.byteOffset,
  bootromBytes.byteOffset + 16384));

// The ROM function table: a halfword pointer at 0x14 to (code, address) halfword pairs.
function romFunction(code) {
  const b = new DataView(bootromWords.buffer);
  let p = b.getUint16(0x14, true);
  for (;;) {
    const c = b.getUint16(p, true);
    if (!c) return 0;
    if (c === (code.charCodeAt(0) | (code.charCodeAt(1) << 8))) return b.getUint16(p + 2, true) & ~1;
    p += 4;
  }
}
const ROM_ERASE = romFunction("RE");
const ROM_PROGRAM = romFunction("RP");
function patchBkpt(words, addr, imm) {
  const v = new DataView(words.buffer);
  v.setUint16(addr, 0xbe00 | imm, true);
}
const romPatched = new Uint32Array(bootromWords);
patchBkpt(romPatched, ROM_ERASE, 0x10);
patchBkpt(romPatched, ROM_PROGRAM, 0x11);

let flashOps = 0;
let cut = null; // {at, keep}: the power fails during flash call number `at`, after `keep` bytes of it
function persist(off, n) {
  fs.writeSync(flashFd, flashImage, off, n, off); // each ROM call lands in the file before it returns
  flashOps++;
}
function powerFails() {
  return cut !== null && flashOps + 1 === cut.at;
}
function tear(off, n) {
  fs.writeSync(flashFd, flashImage, off, Math.min(n, cut.keep), off);
  process.kill(process.pid, "SIGKILL");
}

// --- control channel ------------------------------------------------------
function send(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}
const quietLogger = {
  debug() {}, info() {}, warn() {},
  error(c, m) { process.stderr.write(`rp2040js ${c}: ${m}\n`); },
};

// --- USB serial on the pty ------------------------------------------------
// tty streams (libuv, non-blocking): a blocking read on the thread pool would keep the
// process from exiting while the port is open.
const hostIn = []; // bytes the host typed, not yet taken by the device
const OUT_HIGH = 16384; // above this the IN endpoint is held back (a host that does not read)
let ptyOut = null;
if (ptyFd >= 0) {
  const ptyIn = new tty.ReadStream(ptyFd);
  ptyIn.setRawMode(true);
  ptyIn.on("data", (d) => {
    for (const b of d) hostIn.push(b);
    board?.usbFeed();
  });
  ptyIn.on("error", () => {}); // EIO: nobody holds the port open
  ptyOut = new tty.WriteStream(ptyFd);
  ptyOut.on("drain", () => board?.usbDrained());
  ptyOut.on("error", () => {});
}
function outBytes() {
  return ptyOut ? ptyOut.writableLength : 0;
}

// --- the link cable: UART bytes over TCP -----------------------------------
let sock = null;
let reconnect = null;
const wireIn = []; // bytes arrived from the other board, not yet in the RX FIFO
function attachSocket(s) {
  sock = s;
  s.setNoDelay(true);
  s.on("data", (d) => {
    for (const b of d) wireIn.push(b);
    board?.uartFeed();
  });
  s.on("close", () => {
    if (sock !== s) return;
    sock = null;
    send({ ev: "link", connected: false });
    if (reconnect) setTimeout(reconnect, 500); // a pulled cable plugged back, as emulator/link.py does
  });
  s.on("error", () => {});
  send({ ev: "link", connected: true });
}
if (link.startsWith("listen:")) {
  const port = Number(link.slice(7));
  const srv = net.createServer((s) => { if (sock) s.destroy(); else attachSocket(s); });
  srv.on("error", (e) => fail(`cannot listen on 127.0.0.1:${port}: ${e.message}`));
  srv.listen(port, "127.0.0.1", () => send({ ev: "listening", port: srv.address().port }));
} else if (link.startsWith("socket://")) {
  const [host, port] = link.slice(9).split(":");
  const tryConnect = (left) => {
    const s = net.connect(Number(port), host);
    const retry = () => { if (left > 0) setTimeout(() => tryConnect(left - 1), 100); else fail(`cannot connect to ${link}`); };
    s.once("error", retry);
    s.once("connect", () => { s.off("error", retry); attachSocket(s); });
  };
  reconnect = () => tryConnect(1e9);
  tryConnect(100);
} else if (link) {
  fail(`bad --link ${link}: listen:PORT or socket://HOST:PORT`);
}

// --- the board --------------------------------------------------------------
const ST = { CASET: 0x2a, RASET: 0x2b, RAMWR: 0x2c, MADCTL: 0x36, DISPOFF: 0x28, DISPON: 0x29, SLPIN: 0x10, SLPOUT: 0x11 };
const RAM_W = 320;
const ram = new Uint8Array(RAM_W * RAM_W * 2); // the controller's RAM in MCU address order
const panel = { cmd: 0, args: [], x0: 0, x1: 0, y0: 0, y1: 0, x: 0, y: 0, hi: -1, madctl: 0, on: false, asleep: true, version: 0 };
const BURST_GAP_NS = 20e6;
const bursts = [];
let burst = null;
const keyLog = [];
let resets = 0;
let keysLow = new Set();

function spiByte(t, dc, b) {
  if (!burst || t - burst.last_ns > BURST_GAP_NS) {
    burst = { start_ns: t, first_caset_ns: -1, last_pixel_ns: -1, last_ns: t, bytes: 0, pixel_bytes: 0, windows: 0 };
    bursts.push(burst);
    if (bursts.length > 200) bursts.shift();
  }
  burst.last_ns = t;
  burst.bytes++;
  const p = panel;
  if (!dc) {
    p.cmd = b;
    p.args = [];
    p.hi = -1;
    if (b === ST.CASET && burst.first_caset_ns < 0) burst.first_caset_ns = t;
    if (b === ST.RAMWR) { p.x = p.x0; p.y = p.y0; burst.windows++; }
    if (b === ST.DISPON || b === ST.DISPOFF || b === ST.SLPIN || b === ST.SLPOUT) p.version++;
    if (b === ST.DISPON) p.on = true;
    if (b === ST.DISPOFF) p.on = false;
    if (b === ST.SLPIN) p.asleep = true;
    if (b === ST.SLPOUT) p.asleep = false;
    return;
  }
  if (p.cmd === ST.RAMWR) {
    burst.pixel_bytes++;
    burst.last_pixel_ns = t;
    if (p.hi < 0) { p.hi = b; return; }
    if (p.x < RAM_W && p.y < RAM_W) {
      const o = (p.y * RAM_W + p.x) * 2;
      ram[o] = p.hi;
      ram[o + 1] = b;
    }
    p.hi = -1;
    p.version++;
    if (++p.x > p.x1) { p.x = p.x0; if (++p.y > p.y1) p.y = p.y0; }
    return;
  }
  p.args.push(b);
  if (p.args.length === 4 && p.cmd === ST.CASET) { p.x0 = (p.args[0] << 8) | p.args[1]; p.x1 = (p.args[2] << 8) | p.args[3]; }
  if (p.args.length === 4 && p.cmd === ST.RASET) { p.y0 = (p.args[0] << 8) | p.args[1]; p.y1 = (p.args[2] << 8) | p.args[3]; }
  if (p.args.length === 1 && p.cmd === ST.MADCTL) p.madctl = b;
}

function glass() {
  const out = Buffer.alloc(GW * GH * 2);
  for (let y = 0; y < GH; y++) {
    const o = ((GY + y) * RAM_W + GX) * 2;
    out.set(ram.subarray(o, o + GW * 2), y * GW * 2);
  }
  return out;
}

// The UART's byte log (op "wire"): emulated time and value of every byte, for link figures
const WIRE_MAX = 400000;
const wire = { tx_in: [], tx_out: [], rx: [] };
function wireLog(list, b) {
  if (list.length < WIRE_MAX) list.push(now_ns(), b);
}

// The speaker (--speaker PIN): the tones its PWM slice makes, for tests and figures (op "tones").
// A tone sounds while the slice runs, the pin is its PWM output and the pin's channel compares
// above 0; the firmware changes one through several register writes (divider, top, compare: one
// machine.PWM call each, some microseconds apart), so the state is read 100 us of emulated time
// after the last write of a burst, and a change is dated at the burst's first write.
const tones = [];
let tone = null; // the tone sounding: {hz, pulse_ns, start_ns, end_ns: null}
const TONE_SETTLE_NS = 100000;
function toneNow(mcu) {
  const ch = mcu.pwm.channels[(SPEAKER >> 1) & 7];
  const cc = SPEAKER & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
  if (!(ch.csr & 1) || !cc || mcu.gpio[SPEAKER].functionSelect !== 4) return null; // 4: PWM
  const div = (((ch.div >> 4) & 0xff) || 256) + (ch.div & 0xf) / 16;
  const clk = mcu.pwm.clockFreq;
  return { hz: Math.round((clk * 10) / div / (ch.top + 1)) / 10, pulse_ns: Math.round((cc * div * 1e9) / clk) };
}
function toneSettled(mcu, at) {
  const now = toneNow(mcu);
  if (tone && (!now || now.hz !== tone.hz || now.pulse_ns !== tone.pulse_ns)) {
    tone.end_ns = at;
    tones.push(tone);
    if (tones.length > 1000) tones.shift();
    tone = null;
  }
  if (now && !tone) tone = { hz: now.hz, pulse_ns: now.pulse_ns, start_ns: at, end_ns: null };
}

// UART registers (PL011)
const UARTDR = 0x0, UARTFR = 0x18, UARTLCR_H = 0x2c, UARTICR = 0x44;
const FR_BUSY = 1 << 3, FR_TXFF = 1 << 5, FR_TXFE = 1 << 7;
const INT_TX = 1 << 5;

class Board {
  constructor(reason) {
    const mcu = new RP2040();
    this.mcu = mcu;
    mcu.logger = quietLogger;
    mcu.loadBootrom(romPatched);
    mcu.flash.set(flashImage);
    this.watchdog = mcu.peripherals[0x40058];
    this.watchdog.reason = reason;
    this.watchdog.onWatchdogTrigger = () => { this.rebootPending = true; };
    this.rebootPending = false;
    mcu.onBreak = (code) => this.rom(code);
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
    if (SPEAKER >= 0) this.setupSpeaker();
    mcu.adc.channelValues = adcValues;
    this.releaseAlarm = this.clock.createAlarm(() => setKeys([]));
    for (const p of KEY_PINS) mcu.gpio[p].setInputValue(!keysLow.has(p));
    // A pin wired to nothing reads its pad's pull, as on the chip: rp2040js reads every undriven
    // input low, so the 1.3 profile's X key (GP19, no button on the Pico-LCD-1.14) read held
    // with its pull-up on and main.py stayed in the REPL. Key pins are driven by setKeys.
    for (const pin of mcu.gpio) {
      if (KEY_PINS.includes(pin.index)) continue;
      pin.addListener(() => {
        if (!pin.outputEnable && pin.pullupEnabled !== pin.pulldownEnabled) pin.setInputValue(pin.pullupEnabled);
      });
    }
    mcu.core.PC = XIP; // boot2 in flash, as rp2040js's MicroPython demo starts
  }

  // Pitfall 3: rp2040js has no flash chip behind the SSI; apply the ROM's erase/program.
  rom(code) {
    const core = this.mcu.core;
    const r = core.registers;
    if (code === 0x10) {
      const off = r[0] >>> 0, n = r[1] >>> 0;
      if (powerFails()) { flashImage.fill(0xff, off, off + Math.min(n, cut.keep)); tear(off, n); }
      flashImage.fill(0xff, off, off + n);
      this.mcu.flash.fill(0xff, off, off + n);
      persist(off, n);
    } else if (code === 0x11) {
      const off = r[0] >>> 0, src = r[1] >>> 0, n = r[2] >>> 0;
      const m = powerFails() ? Math.min(n, cut.keep) : n;
      for (let i = 0; i < m; i++) flashImage[off + i] &= this.mcu.readUint8(src + i); // NOR: bits only clear
      if (m < n || powerFails()) tear(off, n);
      this.mcu.flash.set(flashImage.subarray(off, off + n), off);
      persist(off, n);
    } else {
      process.stderr.write(`vpico: breakpoint ${code} at ${(core.PC - 2).toString(16)}\n`);
      return;
    }
    core.PC = r[14] & ~1; // return to the caller
  }

  // Pitfall 1: complete an OUT transfer only when armed AND the host has data.
  setupUSB() {
    const usb = this.mcu.usbCtrl;
    const cdc = new USBCDC(usb);
    this.cdc = cdc;
    this.outArmed = 0;
    this.connected = false;
    cdc.onDeviceConnected = () => {
      this.connected = true;
      hostIn.unshift(0x0d); // the banner and prompt wait for a first host byte (README facts)
      send({ ev: "usb", connected: true });
      this.usbFeed();
    };
    cdc.onSerialData = (buf) => {
      if (ptyOut) ptyOut.write(Buffer.from(buf));
    };
    usb.onEndpointRead = (ep, size) => {
      if (ep !== cdc.outEndpoint) return;
      this.outArmed = size;
      this.usbFeed();
    };
    // Backpressure: hold the IN endpoint's completion while the pty is not being read.
    const orig = usb.DPRAMUpdated.bind(usb);
    this.heldIn = null;
    usb.DPRAMUpdated = (offset, value) => {
      if (cdc.inEndpoint > 0 && offset === 0x80 + cdc.inEndpoint * 8 && value & (1 << 10) && outBytes() > OUT_HIGH) {
        this.heldIn = [offset, value];
        return;
      }
      orig(offset, value);
    };
    this.usbOrig = orig;
  }
  usbFeed() {
    if (!this.outArmed || !hostIn.length || !this.connected) return;
    const n = Math.min(this.outArmed, 64, hostIn.length);
    const pkt = Uint8Array.from(hostIn.splice(0, n));
    this.outArmed = 0;
    this.mcu.usbCtrl.endpointReadDone(this.cdc.outEndpoint, pkt);
    wake();
  }
  usbDrained() {
    if (this.heldIn && outBytes() <= OUT_HIGH) {
      const [o, v] = this.heldIn;
      this.heldIn = null;
      this.usbOrig(o, v);
      wake();
    }
  }

  // SPI1 to the ST7789: each byte takes 8 bit times at the programmed clock.
  setupSPI() {
    const spi = this.mcu.spi[SPI_ID];
    const mcu = this.mcu;
    let rx = 0;
    const done = this.clock.createAlarm(() => spi.completeTransmit(rx));
    spi.onTransmit = (value) => {
      spiByte(emuBase + this.clock.nanos, mcu.gpio[DC].outputValue, value & 0xff);
      const hz = spi.clockFrequency || 1e6;
      done.schedule(Math.max(8, Math.round(8e9 / hz)));
    };
  }

  // The speaker's tones: every write to the PWM block (its atomic aliases included) marks a burst.
  setupSpeaker() {
    const mcu = this.mcu;
    let burstAt = -1;
    const settle = this.clock.createAlarm(() => { toneSettled(mcu, burstAt); burstAt = -1; });
    const write = mcu.pwm.writeUint32.bind(mcu.pwm);
    mcu.pwm.writeUint32 = (offset, value) => {
      write(offset, value);
      if (burstAt < 0) burstAt = Math.round(now_ns());
      settle.schedule(TONE_SETTLE_NS);
    };
    if (tone) { tone.end_ns = emuBase; tones.push(tone); tone = null; } // a reboot (at emuBase) silences it
  }

  // Pitfall 4 and the wire: a 32-byte TX FIFO drained at the baud rate.
  setupUART() {
    const u = this.mcu.uart[UART_ID];
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
      if (sock) sock.write(Buffer.of(b));
      wireLog(wire.tx_out, b);
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
        if (self.txFifo.length < 32) { self.txFifo.push(value & 0xff); wireLog(wire.tx_in, value & 0xff); }
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
    while (wireIn.length && !u.rxFIFO.full) {
      const now = this.clock.nanos;
      const due = this.lastRx + this.frameNs();
      if (now < due) { this.rxAlarm.schedule(due - now); wake(); return; }
      this.lastRx = now;
      const b = wireIn.shift();
      wireLog(wire.rx, b);
      u.feedByte(b);
      this.uartRx++;
      wake();
    }
  }
}

function setKeys(low) {
  keysLow = new Set(low);
  for (const p of KEY_PINS) board.mcu.gpio[p].setInputValue(!keysLow.has(p));
  keyLog.push({ t_ns: now_ns(), low: [...keysLow] });
  if (keyLog.length > 200) keyLog.shift();
}

let board = null;
function boot(reason) {
  board = new Board(reason);
  board.usbFeed();
}

// --- the run loop: emulated time, never ahead of the wall clock -------------
const NS_PER_CYCLE = 8; // 125 MHz
let wallAnchor = performance.now(); // wall ms at which emulated time was `emuAnchor`
let emuAnchor = 0;
let timer = null;
let totalCycles = 0;
let emuBase = 0; // emulated ns before the current chip (reboots keep counting)

function wake() {
  if (timer !== null) { clearTimeout(timer); timer = null; setImmediate(run); }
}

function run() {
  timer = null;
  const mcu = board.mcu;
  const core = mcu.core;
  const clock = board.clock;
  const sliceEnd = performance.now() + 25;
  for (;;) {
    const ran = !core.waiting;
    let cycles = 0;
    const b = board;
    for (let i = 0; i < 20000; i++) {
      if (core.waiting || b.rebootPending) break;
      const c = core.executeInstruction();
      cycles += c;
      // clock.tick() inlined for the common case of no alarm due
      const d = c * NS_PER_CYCLE;
      const next = clock.nextAlarm;
      if (next !== null && next.nanos <= clock.nanosCounter + d) clock.tick(d);
      else clock.nanosCounter += d;
    }
    totalCycles += cycles;
    if (board.rebootPending) {
      const reason = board.watchdog.reason;
      emuBase += clock.nanos;
      resets++;
      boot(reason);
      send({ ev: "reset", t_ns: emuBase });
      wallAnchor = performance.now();
      emuAnchor = 0;
      return setImmediate(run);
    }
    const now = performance.now();
    // Emulated time may lag the wall clock (the emulator is slower than a Pico) but never lead it;
    // a lag is forgiven so that sleeps after busy work still last their wall time.
    let wallNs = emuAnchor + (now - wallAnchor) * 1e6;
    if (ran && wallNs - clock.nanos > 5e6) {
      wallAnchor = now;
      emuAnchor = clock.nanos;
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
          timer = setTimeout(run, Math.min(10, Math.max(1, aheadMs)));
          return;
        }
      }
      continue;
    }
    if (now >= sliceEnd) break;
  }
  setImmediate(run);
}

// --- control requests ---------------------------------------------------------
let inBuf = "";
process.stdin.on("data", (d) => {
  inBuf += d.toString();
  let i;
  while ((i = inBuf.indexOf("\n")) >= 0) {
    const line = inBuf.slice(0, i);
    inBuf = inBuf.slice(i + 1);
    if (line.trim()) handle(JSON.parse(line));
  }
});
process.stdin.on("end", () => process.exit(0));

function now_ns() {
  return emuBase + board.clock.nanos;
}

function handle(req) {
  const reply = { id: req.id };
  switch (req.op) {
    case "keys": {
      // hold_ms: release them again after that much emulated time (a tap independent of host speed)
      setKeys(req.low || []);
      reply.t_ns = now_ns();
      if (req.hold_ms) board.releaseAlarm.schedule(req.hold_ms * 1e6);
      wake();
      break;
    }
    case "screen": {
      const lit = !!board.mcu.gpio[BL].outputValue;
      reply.w = GW;
      reply.h = GH;
      reply.version = panel.version * 2 + (lit ? 1 : 0); // the backlight counts as a change too
      reply.on = panel.on && !panel.asleep; // the glass shows the RAM only with DISPON and out of sleep
      reply.lit = lit;
      reply.t_ns = now_ns();
      if (req.since !== reply.version) reply.rgb565 = glass().toString("base64"); // unchanged: no pixels
      break;
    }
    case "stats": {
      reply.t_ns = now_ns();
      reply.chip_ns = board.clock.nanos;
      reply.cycles = totalCycles;
      reply.resets = resets;
      reply.flash_ops = flashOps;
      reply.usb = board.connected;
      reply.spi_hz = board.mcu.spi[SPI_ID].clockFrequency;
      reply.uart_baud = board.uart.baudRate;
      reply.uart_tx = board.uartTx;
      reply.uart_rx = board.uartRx;
      reply.link = !!sock;
      reply.bursts = req.bursts ? bursts : [];
      reply.last_spi_ns = burst ? burst.last_ns : -1;
      reply.keys_low = [...keysLow];
      reply.keys = keyLog;
      break;
    }
    case "wire":
      reply.tx_in = wire.tx_in;
      reply.tx_out = wire.tx_out;
      reply.rx = wire.rx;
      if (req.clear) { wire.tx_in = []; wire.tx_out = []; wire.rx = []; }
      break;
    case "cut": // the power fails during the next-but-`after` flash call, `keep` bytes into it
      cut = { at: flashOps + 1 + (req.after || 0), keep: req.keep || 0 };
      reply.flash_ops = flashOps;
      break;
    case "tones":
      reply.tones = tones.slice();
      reply.playing = tone;
      reply.t_ns = now_ns();
      if (req.clear) tones.length = 0;
      break;
    case "adc":
      adcValues[req.channel] = req.value;
      reply.t_ns = now_ns();
      break;
    case "quit":
      send(reply);
      process.exit(0);
      break;
    default:
      reply.error = "unknown op " + req.op;
  }
  send(reply);
}

boot(0);
send({ ev: "ready", rom_erase: ROM_ERASE, rom_program: ROM_PROGRAM });
run();
