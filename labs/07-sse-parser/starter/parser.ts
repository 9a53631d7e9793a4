// 练习 7 · 给 Streamable HTTP 响应写的 SSE 解析器。`push` 收到的字节和 socket 交来的一模一样；`end`
// 表示 body 结束了。这个版本只在整个响应一次读完时才对。一次读取不等于一个事件：让它在同样的字节
// 被任意切开时都对。
// Lab 7 · An SSE parser for a Streamable HTTP response. `push` gets the bytes exactly as the socket delivers
// them; `end` says the body is over. This one works when a whole response arrives in one read. Reads are
// not events: make it work for every way the same bytes can be cut.
import type { ByteStreamParser, SseHandlers } from '@memos-kit/demo-sse';

export function createParser(handlers: SseHandlers): ByteStreamParser {
  return {
    push(bytes) {
      const text = new TextDecoder().decode(bytes);
      for (const block of text.split('\n\n')) {
        const lines = block.split('\n');
        const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
        if (data.length > 0) handlers.onEvent({ event, data: data.join('\n') });
      }
    },
    end() {},
  };
}
