// `pnpm demo:host`: the loop a host runs around an MCP server, step by step, with the stand-in model
// (default), a real one (KIT_MODEL_URL), or a student as the model (--interactive).
import { command, Printer, Prompt } from '@memos-kit/terminal';
import type { ModelChoice } from './host.ts';
import { messages } from './messages.ts';
import { realModelFromEnv } from './model-env.ts';
import { hostCommand, hostSettings } from './options.ts';
import type { HostView } from './view.ts';

await command(hostCommand, async ({ values, lang, paint, width, keys }) => {
  const t = messages.in(lang);
  const settings = hostSettings(values, lang);
  const view: HostView = { printer: new Printer({ paint, width }), say: t, full: settings.full };
  if (settings.list) {
    const { attackStepList } = await import('./attacks/run.ts');
    process.stdout.write(`${attackStepList(t, width, settings.attack?.name).join('\n')}\n`);
    return 0;
  }
  if (settings.attack) {
    // The security lessons: the gullible stand-in, whatever model the environment names.
    const { runAttack } = await import('./attacks/run.ts');
    return await runAttack(view, lang, settings.attack.name, settings.attack);
  }
  // The host loop, the SDK and the model load once the options are read: --help, --version and a wrong
  // option never wait on them, and only the model asked for is loaded.
  const { runHost } = await import('./host.ts');
  let choice: ModelChoice;
  let prompt: Prompt | undefined;
  const real = realModelFromEnv(process.env);
  if (settings.interactive) {
    const { createInteractiveModel } = await import('./interactive.ts');
    prompt = new Prompt({ keys, paint });
    const model = createInteractiveModel(view, prompt);
    choice = { model, label: t('youShort'), description: t('modelYou'), standIn: false };
  } else if (real) {
    const { connectRealModel } = await import('./real-model.ts');
    const { model, label } = await connectRealModel(real, t);
    choice = { model, label, description: t('modelReal', { label }), standIn: false };
  } else {
    const { createStandInModel } = await import('./stand-in.ts');
    choice = {
      model: createStandInModel(lang),
      label: t('standInShort'),
      description: t('modelStandIn'),
      standIn: true,
    };
  }
  try {
    return await runHost(settings, choice, view);
  } finally {
    // Stops reading, so the process ends once the loop is over.
    prompt?.close();
  }
});
