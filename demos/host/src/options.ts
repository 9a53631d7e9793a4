// `pnpm demo:host` as data: the help is made from this table, and the checks below turn mistakes into
// usage errors (one line, exit 2) before anything starts.
import type { DescriptionSource } from '@memos-kit/memos-mcp';
import type { CommandSpec, Lang, OptionSpecs, OptionValues } from '@memos-kit/terminal';
import { chosenStep, stepOptions, UsageError } from '@memos-kit/terminal';
import { ATTACKS, type Attack, isAttack, LESSONS } from './attacks/lessons.ts';
import { messages } from './messages.ts';

/** The sentence the stand-in can answer from the descriptions on the wire (it compares English words). */
const DEFAULT_SENTENCE = 'List 2 of my memos';

const options = {
  ask: {
    type: 'string',
    value: 'TEXT',
    help: {
      zh: `用户的那句话（默认 "${DEFAULT_SENTENCE}"）`,
      en: `the user's sentence (default "${DEFAULT_SENTENCE}")`,
    },
  },
  transport: {
    type: 'string',
    value: 'http|stdio',
    default: 'http',
    help: {
      zh: 'http：进程内的 pnpm serve，端口随机；stdio：像 pnpm mcp:stdio 那样启动一个子进程（默认 http）',
      en: 'http: an in-process pnpm serve on a free port; stdio: a child process as pnpm mcp:stdio (default http)',
    },
  },
  describe: {
    type: 'string',
    value: 'TOOL=TEXT',
    help: {
      zh: '服务端以 TEXT 作为 TOOL 的描述发给宿主（仅 http），看看替身模型的选择怎样跟着变',
      en: "the server sends TEXT as TOOL's description (http only): watch the stand-in's choice follow it",
    },
  },
  descriptions: {
    type: 'string',
    value: 'kit|memos',
    default: 'kit',
    help: {
      zh: '服务端发出的工具描述：kit 是 Memos 的原文加上本套件的覆盖层 kit-descriptions（默认），memos 只用 Memos v0.30.0 的原文',
      en: "the tool descriptions the server sends: kit is Memos' text with the kit's overlay, kit-descriptions (default); memos is Memos v0.30.0's own text alone",
    },
  },
  interactive: {
    type: 'boolean',
    short: 'i',
    help: {
      zh: '“你来当模型”：在模型该做选择的地方停下，由你输入工具和参数',
      en: '"you are the model": pauses where the model would choose; you type the tool and the arguments',
    },
  },
  full: {
    type: 'boolean',
    help: {
      zh: '完整显示报文和交给模型的每个工具定义（默认只显示摘要）',
      en: 'show whole messages and every tool definition the model is given (a summary by default)',
    },
  },
  attack: {
    type: 'string',
    value: ATTACKS.join('|'),
    help: {
      zh: '安全课：先让攻击在没有防御时得手，再逐一加上防御，看它失败。模型换成一个写好脚本的“轻信模型”，它会照做工具结果或工具描述里的指令（只用于这些课）',
      en: 'the security lessons: the attack first succeeds with no defence, then each defence in turn makes it fail. The model is a scripted gullible model that obeys orders it reads in a tool result or a tool description (these lessons only)',
    },
  },
  record: {
    type: 'string',
    value: 'FILE',
    help: {
      zh: '和 --attack 一起用：把每一步的报文用本套件的录制器追加写进 FILE（JSONL，令牌已遮盖；pnpm replay FILE 可回放、导出）',
      en: "with --attack: append each step's exchanges to FILE with the kit's recorder (JSONL, tokens masked; pnpm replay FILE replays and exports it)",
    },
  },
  list: {
    ...stepOptions.list,
    help: { zh: '列出各攻击课的步骤后退出', en: "list the attack lessons' steps and exit" },
  },
  step: {
    ...stepOptions.step,
    help: { zh: '只运行 --attack 的第 N 步', en: 'run only step N of --attack' },
  },
  dataset: {
    type: 'string',
    value: 'NAME',
    default: 'workshop',
    help: {
      zh: '模拟 Memos 的数据集（默认 workshop）',
      en: "the Memos mock's dataset (default workshop)",
    },
  },
} as const satisfies OptionSpecs;

export const hostCommand = {
  name: 'pnpm demo:host',
  summary: {
    zh: '宿主的循环（MCP 2026-07-28）：tools/list 交给模型，模型选工具，宿主检查参数后发 tools/call，结果回到模型。默认的“模型”是一个按词重叠挑工具的替身，不需要网络、密钥或模型权重。',
    en: 'The host\'s loop (MCP 2026-07-28): tools/list goes to the model, the model picks a tool, the host checks the arguments and sends tools/call, the result goes back to the model. The default "model" is a stand-in that picks by word overlap: no network, key or weights.',
  },
  options,
  epilogue: {
    zh: '真正的模型（可选）：设置 KIT_MODEL_URL（OpenAI 兼容的地址，例如 Ollama 的 http://127.0.0.1:11434/v1）和 KIT_MODEL（模型名），需要时再设 KIT_MODEL_KEY。',
    en: 'A real model (opt-in): set KIT_MODEL_URL (an OpenAI-compatible base URL, e.g. Ollama at http://127.0.0.1:11434/v1) and KIT_MODEL (the model name), and KIT_MODEL_KEY if it needs one.',
  },
  ctrlC: 'key',
} satisfies CommandSpec<typeof options>;

export interface HostSettings {
  sentence: string;
  transport: 'http' | 'stdio';
  describe?: { tool: string; text: string };
  descriptions: DescriptionSource;
  interactive: boolean;
  full: boolean;
  dataset: string;
  /** `--attack NAME`: the security lesson to run instead of the loop, and `--step`'s step of it. */
  attack?: { name: Attack; only: number | undefined; record: string | undefined };
  list: boolean;
}

export function hostSettings(values: OptionValues<typeof options>, lang: Lang): HostSettings {
  const t = messages.in(lang);
  const transport = values.transport;
  if (transport !== 'http' && transport !== 'stdio')
    throw new UsageError(t('badTransport', { value: transport }));
  const descriptions = values.descriptions;
  if (descriptions !== 'kit' && descriptions !== 'memos')
    throw new UsageError(t('badDescriptions', { value: descriptions }));
  let describe: HostSettings['describe'];
  if (values.describe !== undefined) {
    const at = values.describe.indexOf('=');
    if (at <= 0) throw new UsageError(t('badDescribe', { value: values.describe }));
    // The stdio server is its own process (pnpm mcp:stdio); its catalog is not this process's to edit.
    if (transport === 'stdio') throw new UsageError(t('describeNeedsHttp'));
    describe = { tool: values.describe.slice(0, at), text: values.describe.slice(at + 1) };
  }
  let attack: HostSettings['attack'];
  if (values.attack !== undefined) {
    if (!isAttack(values.attack))
      throw new UsageError(t('badAttack', { value: values.attack, names: ATTACKS.join(', ') }));
    // The lessons run their own server, in this process, with the gullible stand-in as the model.
    if (
      values.interactive ||
      transport === 'stdio' ||
      values.describe !== undefined ||
      values.ask !== undefined
    )
      throw new UsageError(t('attackAlone'));
    attack = {
      name: values.attack,
      only: chosenStep(values.step, LESSONS[values.attack].rounds.length, lang),
      record: values.record,
    };
  } else if (values.step !== undefined || values.record !== undefined) {
    throw new UsageError(t('stepNeedsAttack'));
  }
  const sentence = values.ask ?? DEFAULT_SENTENCE;
  if (sentence.trim() === '') throw new UsageError(t('emptySentence'));
  return {
    sentence,
    transport,
    ...(describe ? { describe } : {}),
    descriptions,
    interactive: values.interactive,
    full: values.full,
    dataset: values.dataset,
    ...(attack ? { attack } : {}),
    list: values.list,
  };
}
