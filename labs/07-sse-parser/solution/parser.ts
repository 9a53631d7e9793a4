// 练习 7 · 给 Streamable HTTP 响应写的 SSE 解析器。`push` 收到的字节和 socket 交来的一模一样；`end`
// 表示 body 结束了。
// Lab 7 · An SSE parser for a Streamable HTTP response. `push` gets the bytes exactly as the socket delivers
// them; `end` says the body is over.
import type { ByteStreamParser, SseHandlers } from '@memos-kit/demo-sse';

export function createParser(handlers: SseHandlers): ByteStreamParser {
  // 以流模式把字节解码成文字：一次读取可能停在一个多字节字符的中间。
  // Bytes → text in stream mode: a read may end inside a multi-byte character.
  const decoder = new TextDecoder('utf-8');
  // 还没遇到行尾的文字，以及上一行是否以单独的 CR 结尾（它的 LF 可能在下一次读取里）。
  // Text that has not met its line end yet, and whether the last line ended with a lone CR (its LF may follow).
  let unfinished = '';
  let afterCr = false;
  // 正在收集的事件；遇到空行才派发，绝不在一次读取结束时派发。
  // The event being gathered; it is dispatched at a blank line, never at the end of a read.
  let type: string | undefined;
  let id: string | undefined;
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) handlers.onEvent({ event: type, id, data: data.join('\n') });
      type = undefined;
      id = undefined;
      data = [];
      return;
    }
    if (text.startsWith(':')) {
      handlers.onComment?.(text.slice(1).replace(/^ /, ''));
      return;
    }
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    if (field === 'event') type = value || undefined;
    if (field === 'id' && !value.includes('\0')) id = value;
  };

  const take = (text: string) => {
    let rest = afterCr && text.startsWith('\n') ? text.slice(1) : text;
    if (text !== '') afterCr = false;
    rest = unfinished + rest;
    const ends = /\r\n|\r|\n/g;
    let start = 0;
    for (let found = ends.exec(rest); found; found = ends.exec(rest)) {
      line(rest.slice(start, found.index));
      start = found.index + found[0].length;
      afterCr = found[0] === '\r' && start === rest.length;
    }
    unfinished = rest.slice(start);
  };

  return {
    push: (bytes) => take(decoder.decode(bytes, { stream: true })),
    // 没有等到空行的事件不完整，按 SSE 的规则丢掉。
    // An event without its blank line is incomplete and is dropped, as the SSE rules say.
    end: () => take(decoder.decode()),
  };
}
