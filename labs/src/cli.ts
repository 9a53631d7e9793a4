// `pnpm lab`: lists the labs, checks one, shows a hint, a diff, resets a starter, or verifies every lab.
import {
  type CommandSpec,
  command,
  confirm,
  type OptionSpecs,
  type ParsedCommand,
  UsageError,
} from '@memos-kit/terminal';
import { findLab, hintTopic, ladderFor, loadLabs, sourceDir, workdir } from './catalog.ts';
import { ResetImpossible, resetStarter } from './files.ts';
import { fromSource } from './from-source.ts';
import { say } from './messages.ts';
import { ProgressFile } from './progress.ts';
import {
  checkProgress,
  formatDiff,
  formatHints,
  formatList,
  formatResult,
  formatVerify,
  listJson,
} from './report.ts';

const spec = {
  name: 'pnpm lab',
  usage: '[options] [id]',
  summary: {
    zh: '工作坊练习：不带参数时列出全部练习；`pnpm lab <编号或 id>` 检查你在该练习 starter/ 里改的文件，失败时说明哪一步、期望与实际，通过时告诉你学到了什么、下一个练习是哪个。',
    en: 'Workshop labs: with no argument, lists every lab; `pnpm lab <number or id>` checks the files you edit in that lab’s starter/, saying which step failed with expected and got, or what you learned and which lab comes next.',
  },
  positionals: true,
  options: {
    list: {
      type: 'boolean',
      help: { zh: '列出练习（不带 id 时的默认行为）', en: 'list the labs (the default with no id)' },
    },
    json: {
      type: 'boolean',
      help: {
        zh: '输出 JSON：列表时每个练习的 id、标题、文件对；检查时每项检查一个结果',
        en: 'print JSON: with the list, each lab’s id, titles and file pairs; with a check, one result per check',
      },
    },
    solution: {
      type: 'boolean',
      help: { zh: '检查参考答案而不是你的文件', en: 'check the reference solution instead of your files' },
    },
    hint: {
      type: 'boolean',
      help: {
        zh: '多显示一条提示（提示是一级一级给的）',
        en: 'show one more hint (hints come one rung at a time)',
      },
    },
    diff: {
      type: 'boolean',
      help: {
        zh: '先询问，再显示你的文件与答案的差别',
        en: 'after asking, show your files against the solution',
      },
    },
    reset: {
      type: 'boolean',
      help: {
        zh: '先询问，再把 starter 文件恢复成提交时的样子',
        en: 'after asking, restore the starter files as committed',
      },
    },
    yes: {
      type: 'boolean',
      short: 'y',
      help: { zh: '不询问，直接 --reset 或 --diff', en: 'do not ask before --reset or --diff' },
    },
    'verify-all': {
      type: 'boolean',
      help: {
        zh: '检查每个练习：答案必须通过，提交时的 starter 必须失败并给出提示（CI 用；工作副本里做过的 starter 不算）',
        en: 'check every lab: each solution passes, each starter as committed fails with a hint (for CI; starters solved in the working copy do not count)',
      },
    },
  },
  epilogue: {
    zh: '例子：pnpm lab · pnpm lab 1 · pnpm lab two-messages --hint · pnpm lab 1 --solution · pnpm lab --list --json',
    en: 'Examples: pnpm lab · pnpm lab 1 · pnpm lab two-messages --hint · pnpm lab 1 --solution · pnpm lab --list --json',
  },
} as const satisfies CommandSpec<OptionSpecs>;

type Parsed = ParsedCommand<(typeof spec)['options']>;

const print = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);

/** How the terminal's confirm asks: in the command's language, not at all with --yes. */
const asked = ({ lang, paint, values }: Parsed) => ({ lang, paint, yes: values.yes });

/**
 * The check runner, loaded only when a check is run, and from source: it brings tsx, the kit's servers and the
 * SDK, which listing the labs, a hint, `--help` or `--version` never need.
 */
const checks = async () => (await fromSource('./run.ts')) as typeof import('./run.ts');

await command(spec, async (parsed) => {
  const { values, positionals, lang } = parsed;
  const root = workdir();
  const progress = new ProgressFile(root);

  if (values['verify-all']) {
    const { LabSession, verifyCommitted } = await checks();
    const session = new LabSession();
    try {
      const verified = await verifyCommitted(lang, session, root);
      print(formatVerify(verified, parsed));
      return verified.outcomes.every((outcome) => outcome.problems.length === 0) ? 0 : 1;
    } finally {
      await session.close();
    }
  }

  const wanted = positionals[0];
  if (positionals.length > 1) throw new UsageError(say(lang, 'oneLab', { got: positionals.join(' ') }));
  if (wanted === undefined || values.list) {
    if (values.solution || values.hint || values.diff || values.reset)
      throw new UsageError(say(lang, 'needsLab'));
    print(values.json ? `${JSON.stringify(listJson(), null, 2)}` : formatList(loadLabs(), progress, parsed));
    return 0;
  }

  const lab = findLab(wanted);
  if (!lab) throw new UsageError(say(lang, 'unknownLab', { got: wanted, count: loadLabs().length }));
  const starterDir = sourceDir(lab, 'starter', root);

  if (values.hint) {
    // The next rung of the ladder of the step the last run stopped at; when nothing failed last (no run yet,
    // or every check passed), the lab's first, and the title says which.
    const last = progress.lastTopic(lab.id);
    const topic = hintTopic(lab, last);
    const from = topic === last ? 'stopped' : progress.passed(lab.id) ? 'passed' : 'first';
    const shown = progress.nextHint(lab.id, ladderFor(lab, topic).length, topic);
    print(formatHints(lab, topic, shown, parsed, from));
    return 0;
  }

  if (values.reset) {
    if (!(await confirm(say(lang, 'resetQuestion', { files: lab.files.join(', ') }), asked(parsed)))) {
      print(say(lang, 'unchanged'));
      return 0;
    }
    try {
      const restored = await resetStarter(lab, root);
      progress.forget(lab.id);
      print(say(lang, 'resetDone', { files: restored.join(', '), id: lab.id }));
      return 0;
    } catch (error) {
      if (error instanceof ResetImpossible) {
        print(
          say(lang, error.reason === 'git-missing' ? 'resetNoGit' : 'resetNotCommitted', { dir: lab.dir }),
        );
        return 1;
      }
      throw error;
    }
  }

  if (values.diff) {
    if (!(await confirm(say(lang, 'diffQuestion'), asked(parsed)))) {
      print(say(lang, 'unchanged'));
      return 0;
    }
    print(await formatDiff(lab, starterDir, sourceDir(lab, 'solution', root), parsed));
    return 0;
  }

  const { LabSession, runLab } = await checks();
  const session = new LabSession();
  const status = checkProgress(lang);
  try {
    const source = values.solution ? 'solution' : 'starter';
    // The answer a failure keeps back comes with the last rung of its topic's hint ladder, not before.
    const reveal = (topic: string) => progress.hintsSeen(lab.id, topic) >= ladderFor(lab, topic).length;
    const result = await runLab(lab, { source, lang, session, root, onCheck: status.onCheck, reveal });
    status.done();
    const failed = result.checks.find((check) => check.status === 'fail');
    if (source === 'starter') {
      if (result.ok) progress.markPassed(lab.id);
      else if (progress.passed(lab.id)) progress.forget(lab.id);
      progress.stoppedAt(lab.id, failed?.topic);
    }
    const hint = failed && {
      topic: failed.topic,
      seen: progress.hintsSeen(lab.id, failed.topic),
      total: ladderFor(lab, failed.topic).length,
    };
    print(values.json ? JSON.stringify(result, null, 2) : formatResult(lab, result, parsed, hint));
    return result.ok ? 0 : 1;
  } finally {
    status.done();
    await session.close();
  }
});
