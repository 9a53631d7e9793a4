// `pnpm demo:features`: what MCP offers besides tools, on the wire, against the Memos adapter's full profile.
import { chosenStep, command, Printer, stepList, UsageError } from '@memos-kit/terminal';
import { messages } from './messages.ts';
import { demoSpec } from './options.ts';

await command(demoSpec, async ({ values, paint, width, lang }) => {
  const say = messages.in(lang);
  if (values.lesson !== undefined) {
    if (values.lesson !== 'tokens') throw new UsageError(say('badLesson', { value: values.lesson }));
    const { runTokensLesson } = await import('./lessons/tokens.ts');
    return (await runTokensLesson(new Printer({ paint, width }), lang)) === 0 ? 0 : 1;
  }
  const { steps } = await import('./scenario.ts');
  const only = chosenStep(values.step, steps.length, lang);
  if (values.list) {
    const listed = steps.map((step) => ({ title: say(step.title) }));
    process.stdout.write(`${stepList(say('stepsHeading'), listed, width).join('\n')}\n`);
    return 0;
  }
  // The server and the SDK load once the options are read: --help, --version and a wrong option never wait on them.
  const { runFeatures } = await import('./run.ts');
  const failures = await runFeatures(new Printer({ paint, width }), lang, { only });
  // A check that failed makes the run fail, so a broken lesson never passes silently.
  return failures === 0 ? 0 : 1;
});
