// Request bodies: read only after the caller is known, bounded per route, and refused with a 4xx (never a
// 500) when their framing is wrong. A workshop sends every kind of accident; each gets a JSON answer.
import { isUtf8 } from 'node:buffer';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '@memos-kit/protocol';
import express, { type RequestHandler } from 'express';
import { invalidArgument } from './errors.ts';

/** A memo, comment, reaction or relation set: content is at most 8 KiB, so 1 MiB leaves room and stops abuse. */
export const SMALL_BODY_BYTES = 1 << 20;
/** An attachment carries up to 32 MiB as base64 (4/3 of it) plus its JSON fields. */
export const ATTACHMENT_BODY_BYTES = 48 << 20;
/**
 * After an early answer (401, 413, ...) the rest of the body is read and dropped, so that a client still
 * sending can read the answer instead of a broken pipe; beyond this many bytes the connection is closed.
 */
const DRAIN_BYTES = 64 << 20;
/**
 * JSON body parsing for one route, at most `limit` bytes after decompression. grpc-gateway decodes the body
 * as JSON whatever its Content-Type says, so a body sent as text/plain is still read. Bytes that are not
 * UTF-8 are refused rather than stored as U+FFFD; an unknown charset or encoding is a 415, a corrupt
 * compressed body a 400, an oversized one a 413 (the error handler words them).
 */
export function jsonBody(limit: number): RequestHandler {
  const parse = express.json({
    limit,
    type: () => true,
    verify: (_req, _res, bytes) => {
      if (!isUtf8(bytes)) throw invalidArgument('the request body is not valid UTF-8');
    },
  });
  return (req, res, next) => {
    // An announced length over the cap is refused at once; the body parser would first read all of it.
    const announced = Number(req.get('content-length'));
    if (announced > limit) return next(tooLarge(limit));
    parse(req, res, (error?: unknown) => {
      if (error) next(error);
      else if (nestedDeeperThan(req.body, MAX_JSON_DEPTH))
        next(invalidArgument(`the request body nests deeper than ${MAX_JSON_DEPTH} levels`));
      else next();
    });
    // On an error (a chunked body past the cap, a corrupt gzip) the parser reads the whole rest of the body
    // before it answers; past the drain bound it stops. The parser's listener is attached by now (it starts
    // reading synchronously), so this one only counts.
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit + DRAIN_BYTES) req.socket.destroy();
    });
  };
}

/** The body parser's own 413 error, so the error handler words both the same way. */
function tooLarge(limit: number): Error {
  return Object.assign(new Error('request entity too large'), {
    status: 413,
    limit,
    type: 'entity.too.large',
  });
}

/**
 * Bounds what is read of a body nobody consumed. Node reads and drops such a body after the answer so the
 * connection can serve the next request; that keeps memory flat but has no end, so past DRAIN_BYTES the
 * connection is closed instead.
 */
export const boundedDrain: RequestHandler = (req, res, next) => {
  // Before Node's own listener: once Node has dumped a body it no longer emits its data, so nothing would
  // count the bytes, and the drain would have no end.
  res.prependListener('finish', () => {
    if (req.complete) return;
    let dropped = 0;
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DRAIN_BYTES) req.socket.destroy();
    });
    req.resume();
  });
  next();
};
