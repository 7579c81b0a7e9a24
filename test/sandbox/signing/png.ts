/**
 * Real PNG images (8-bit grayscale, zlib-compressed) for signer marks: signature, initials,
 * stamps, and sample uploaded files. The strokes are derived from a seed text, so the same signer
 * always gets the same image.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

export function crc32(bytes: Uint8Array): number {
	let c = 0xffffffff;
	for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(typed));
	return Buffer.concat([length, typed, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes a grayscale image (one byte per pixel, row-major) as PNG. */
export function encodeGrayPng(width: number, height: number, pixels: Uint8Array): Buffer {
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(width, 0);
	ihdr.writeUInt32BE(height, 4);
	ihdr[8] = 8; // bit depth
	ihdr[9] = 0; // grayscale
	ihdr[10] = 0; // deflate
	ihdr[11] = 0; // filter method
	ihdr[12] = 0; // no interlace
	const raw = Buffer.alloc((width + 1) * height);
	for (let y = 0; y < height; y++) {
		raw[y * (width + 1)] = 0; // filter: none
		raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
	}
	return Buffer.concat([
		PNG_SIGNATURE,
		chunk('IHDR', ihdr),
		chunk('IDAT', deflateSync(raw)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

function hash(text: string): number {
	let h = 2166136261;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 16777619);
	}
	return h >>> 0;
}

export type MarkKind = 'signature' | 'initials' | 'stamp' | 'file';

/**
 * A mark image: a handwriting-like stroke derived from `seed` (a stamp is a double ring with a
 * stroke inside). `framed` draws a thin border around it.
 */
export function markPng(seed: string, kind: MarkKind, framed = false): Buffer {
	const width = kind === 'initials' ? 120 : kind === 'stamp' ? 160 : 300;
	const height = kind === 'stamp' ? 160 : 100;
	const px = new Uint8Array(width * height).fill(255);
	const dot = (x: number, y: number, r = 1.6) => {
		for (let dy = -Math.ceil(r); dy <= Math.ceil(r); dy++) {
			for (let dx = -Math.ceil(r); dx <= Math.ceil(r); dx++) {
				if (dx * dx + dy * dy > r * r) continue;
				const xx = Math.round(x + dx);
				const yy = Math.round(y + dy);
				if (xx >= 0 && yy >= 0 && xx < width && yy < height) px[yy * width + xx] = 20;
			}
		}
	};
	const h = hash(`${kind}:${seed}`);
	const f1 = 2 + (h % 5);
	const f2 = 5 + ((h >>> 3) % 7);
	const phase = ((h >>> 7) % 628) / 100;
	if (kind === 'stamp') {
		const cx = width / 2;
		const cy = height / 2;
		for (let a = 0; a < 720; a++) {
			const t = (a * Math.PI) / 360;
			dot(cx + 70 * Math.cos(t), cy + 70 * Math.sin(t), 2);
			dot(cx + 60 * Math.cos(t), cy + 60 * Math.sin(t), 1.2);
		}
		for (let i = 0; i <= 200; i++) {
			const t = i / 200;
			dot(cx - 45 + 90 * t, cy + 12 * Math.sin(2 * Math.PI * f1 * t + phase), 1.4);
		}
	} else {
		const margin = 12;
		const steps = 600;
		for (let i = 0; i <= steps; i++) {
			const t = i / steps;
			const x = margin + t * (width - 2 * margin);
			const y =
				height / 2 +
				(height / 4) * Math.sin(2 * Math.PI * f1 * t + phase) * Math.cos(Math.PI * t) +
				(height / 10) * Math.sin(2 * Math.PI * f2 * t);
			dot(x, y);
		}
		// An underline, as people do.
		for (let x = margin; x < width - margin; x++) dot(x, height - 14, 0.8);
	}
	if (framed) {
		for (let x = 0; x < width; x++) {
			px[x] = 120;
			px[width + x] = 120;
			px[(height - 1) * width + x] = 120;
			px[(height - 2) * width + x] = 120;
		}
		for (let y = 0; y < height; y++) {
			px[y * width] = 120;
			px[y * width + 1] = 120;
			px[y * width + width - 1] = 120;
			px[y * width + width - 2] = 120;
		}
	}
	return encodeGrayPng(width, height, px);
}

export function pngDataUri(png: Buffer): string {
	return `data:image/png;base64,${png.toString('base64')}`;
}

/** True when `bytes` start with the PNG signature and an IHDR chunk. */
export function isPng(bytes: Buffer): boolean {
	return (
		bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
		bytes.subarray(12, 16).toString('ascii') === 'IHDR'
	);
}
