import type { Lang } from './options.ts';

/** Every sentence the demo says, in both languages. Wire text (requests, bodies) is never translated. */
const messages = {
  title: {
    zh: 'HATEOAS 与 MCP：发现操作之后，由谁决定下一步',
    en: 'HATEOAS and MCP: after discovering actions, who picks the next step',
  },
  servers: { zh: '服务（只监听 127.0.0.1）', en: 'Servers (127.0.0.1 only)' },
  halServer: { zh: '订单资源（HAL）', en: 'orders resource (HAL)' },
  mcpServer: { zh: '同一批订单的 MCP 工具', en: 'the same orders as MCP tools' },
  partHal: { zh: '第一部分 · 传统的超媒体客户端', en: 'Part 1 · A classic hypermedia client' },
  partMcp: { zh: '第二部分 · 同一时刻，MCP 这一侧', en: 'Part 2 · The same moment, from the MCP side' },
  step: { zh: '步骤', en: 'Step' },
  openTitle: {
    zh: '打开订单：客户端只被告知这一个 URL',
    en: 'Open the order: the only URL the client is given',
  },
  openNote: {
    zh: '之后的每个地址都来自响应里的 _links；客户端从不拼接 URL。',
    en: 'Every other address will come from _links in a response; the client never builds a URL.',
  },
  fixtureOk: { zh: '与文章中的 JSON 一致', en: 'same JSON as the article' },
  fixtureBad: { zh: '与文章中的 JSON 不一致', en: 'differs from the article' },
  menu: { zh: '菜单（只由 _links 生成）', en: 'Menu (built from _links only)' },
  noButtons: { zh: '（没有可用的按钮）', en: '(no buttons)' },
  unknownLink: {
    zh: '服务端给了这个链接，但客户端不认识它：显示出来，不提供按钮',
    en: 'the server sent this link, but the client does not know it: shown, not offered',
  },
  twoButtons: {
    zh: '两个链接，两个按钮：pay 和 cancel',
    en: 'Two links, two buttons: pay and cancel',
  },
  sameTools: {
    zh: '与步骤 4 相同的 4 个工具，逐字节一致',
    en: 'the same 4 tools as in step 4, byte for byte',
  },
  payTitle: { zh: '用户点击 [1] Pay', en: 'The user presses [1] Pay' },
  payNote: {
    zh: '客户端预先知道 pay 表示支付、要用 POST；地址取自 pay 链接的 href。',
    en: 'The client already knows that pay means paying, with POST; the address is the pay link’s href.',
  },
  linksChanged: {
    zh: '链接变了：cancel 不见了，所以“取消”按钮也消失了。',
    en: 'The links changed: cancel is gone, so the Cancel button is gone.',
  },
  refundUnknown: {
    zh: 'refund 是新链接。这个客户端只为 pay 和 cancel 编写过，不会因为多了一个链接就学会退款。',
    en: 'refund is a new link. This client was written for pay and cancel; a new link does not teach it refunds.',
  },
  staleTitle: {
    zh: '另一个标签页还停在旧页面，用户在那里点了“取消”',
    en: 'Another tab still shows the old page, and the user presses Cancel there',
  },
  staleNote: {
    zh: '旧按钮拿着旧链接。服务端按当前状态判断：409 Conflict，并用 problem+json（RFC 9457）说明原因。',
    en: 'The old button holds the old link. The server judges by the current state: 409 Conflict, with the reason in problem+json (RFC 9457).',
  },
  resetNote: {
    zh: '（把订单 123 重置为 pending，让 MCP 这一侧从同一个起点出发）',
    en: '(order 123 is reset to pending, so the MCP side starts from the same point)',
  },
  listTitle: { zh: 'tools/list：订单还是 pending', en: 'tools/list while the order is pending' },
  listNote: {
    zh: 'MCP 一次给出全部工具：名称、描述、参数 schema。它不随订单状态变化。',
    en: 'MCP hands over the whole catalogue at once: names, descriptions, argument schemas. It does not follow the order’s state.',
  },
  toolsSeen: { zh: '工具目录', en: 'Tool catalogue' },
  callPayTitle: { zh: 'tools/call order_pay', en: 'tools/call order_pay' },
  listAgainTitle: {
    zh: '再次 tools/list：订单已经 paid',
    en: 'tools/list again, now that the order is paid',
  },
  listSame: {
    zh: '工具目录与支付前完全相同：没有哪个工具因为状态而消失。',
    en: 'The catalogue is identical to the one before paying: no tool disappeared with the state.',
  },
  listDiffers: { zh: '工具目录变了（不应如此）', en: 'The catalogue changed (it should not)' },
  callCancelTitle: {
    zh: 'tools/call order_cancel：模型照样可以调用',
    en: 'tools/call order_cancel: the model may still call it',
  },
  callCancelNote: {
    zh: '没有按钮可以隐藏。发生了什么写在工具结果里：isError: true，外加一句模型读得懂的话。',
    en: 'There is no button to hide. What happened is in the tool result: isError: true and a sentence the model can read.',
  },
  callRefundTitle: { zh: 'tools/call order_refund', en: 'tools/call order_refund' },
  callRefundNote: {
    zh: '传统客户端不认识 refund；模型读过 order_refund 的描述，可以提出这次调用（由 Host 按策略决定是否执行）。',
    en: 'The classic client does not know refund; a model has read order_refund’s description and can propose this call (the Host decides, by its policy, whether to run it).',
  },
  elided: {
    zh: '为便于阅读，_meta（协议版本、客户端/服务端信息）与工具的 schema 以 … 省略',
    en: 'For reading, _meta (protocol version, client/server info) and tool schemas are shown as …',
  },
  probe: {
    zh: 'SDK 客户端连接时先发送 server/discover 探测',
    en: 'on connect the SDK client first sends a server/discover probe',
  },
  partMemo: {
    zh: '第三部分 · 同一条 Memo，三种方式：REST、HAL、MCP',
    en: 'Part 3 · One memo, three ways: REST, HAL, MCP',
  },
  memoServer: { zh: 'Memos 模拟服务与它的 MCP 适配器', en: 'the Memos mock and its MCP adapter' },
  restTitle: { zh: 'REST：bob 读取 alice 的公开 Memo', en: 'REST: bob reads a public memo of alice’s' },
  halTitle: {
    zh: 'HAL：同一个请求，Accept: application/hal+json',
    en: 'HAL: the same request with Accept: application/hal+json',
  },
  sameFields: { zh: '(与上一步 JSON 相同的字段)', en: '(the same fields as the JSON above)' },
  halSuperset: {
    zh: '除 _links 外，HAL 响应与 JSON 响应逐字段相同',
    en: 'Apart from _links, the HAL answer equals the JSON answer field for field',
  },
  readerLinks: {
    zh: 'bob 不能修改这条 Memo：没有 edit，也没有 delete',
    en: 'bob may not change this memo: no edit, no delete',
  },
  ownerNote: {
    zh: '同一个请求，换成作者 alice 的 token：',
    en: 'The same request with alice’s token, the author:',
  },
  ownerLinks: { zh: '作者看到 edit 和 delete', en: 'The author gets edit and delete' },
  mcpMemoTitle: { zh: 'MCP：tools/call memo_get_memo', en: 'MCP: tools/call memo_get_memo' },
  elidedMemo: {
    zh: 'structuredContent 与 text 就是上面的 Memo，以 … 省略',
    en: 'structuredContent and text are the memo above, shown as …',
  },
  mcpSameMemo: {
    zh: 'structuredContent 与 REST 的 JSON 相同，而且没有链接',
    en: 'structuredContent equals the REST JSON, and carries no links',
  },
  mcpUpdateTitle: { zh: 'MCP：bob 试着 memo_update_memo', en: 'MCP: bob tries memo_update_memo' },
  mcpUpdateNote: {
    zh: 'HAL 会藏起 edit 链接；MCP 的工具一直都在，结果告诉模型为什么不行。',
    en: 'HAL would hide the edit link; the MCP tool is always there, and its result tells the model why not.',
  },
  summaryTitle: { zh: '对比', en: 'Side by side' },
  summary: {
    zh: [
      'HATEOAS：每个响应只给出当前允许的动作；链接没了，按钮就没了。',
      '         客户端预先理解动作的语义；新的链接（refund）不会教会它新动作。',
      'MCP：    tools/list 在任何状态下都一样；每次调用的结果告诉模型发生了什么。',
      '         模型结合描述和 schema 理解工具，由 Host 按策略组织执行。',
    ],
    en: [
      'HATEOAS: each response carries only the actions allowed now; no link, no button.',
      '         The client understands actions in advance; a new link (refund) teaches it nothing.',
      'MCP:     tools/list is the same in every state; each call’s result tells the model what happened.',
      '         The model reads descriptions and schemas; the Host runs calls under its own policy.',
    ],
  },
  checkFailed: { zh: '检查失败', en: 'Check failed' },
  done: { zh: '完成', en: 'Done' },
  interactiveHelp: {
    zh: '输入编号执行；r 刷新，n 重置订单，m 切到 MCP，h 切回 HAL，q 退出',
    en: 'Type a number to act; r reload, n reset the order, m switch to MCP, h back to HAL, q quit',
  },
  oldTab: {
    zh: '另一个标签页里的旧按钮（仍指向旧链接）：',
    en: 'Old buttons, still open in another tab (they hold the old links):',
  },
  mcpMenu: {
    zh: 'MCP 菜单（固定不变：tools/list 不随状态变化）',
    en: 'MCP menu (fixed: tools/list does not follow the state)',
  },
  orderReset: { zh: '订单 123 已重置为 pending', en: 'Order 123 is pending again' },
  unknownChoice: { zh: '没有这个选项', en: 'No such choice' },
  prompt: { zh: '选择', en: 'Choice' },
} satisfies Record<string, { zh: string | string[]; en: string | string[] }>;

export type MessageKey = keyof typeof messages;

export function createSay(lang: Lang) {
  return <K extends MessageKey>(key: K): (typeof messages)[K][Lang] => messages[key][lang];
}

export type Say = ReturnType<typeof createSay>;
