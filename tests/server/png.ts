import { crc32, deflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const frame = Buffer.alloc(8 + data.length + 4)
  frame.writeUInt32BE(data.length, 0)
  body.copy(frame, 4)
  frame.writeUInt32BE(crc32(body), 8 + data.length)
  return frame
}

/**
 * A PNG written by hand, so a test can make files no encoder would: its header declares
 * width×height with the given bit depth and colour type, and its data is `rows` (filter bytes
 * included), which may hold fewer rows than the header promises.
 */
export function handMadePng(
  width: number,
  height: number,
  format: { bitDepth: number; colourType: number },
  rows: Buffer,
): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([format.bitDepth, format.colourType, 0, 0, 0], 8)
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
