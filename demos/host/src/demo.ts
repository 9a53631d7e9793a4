// `pnpm demo:host`: the loop a host runs around an MCP server, step by step, with the stand-in model
// (default), a real one (KIT_MODEL_URL), or a student as the model (--interactive).
import { command } from '@memos-kit/terminal';
import { type ModelChoice, runHost } from './host.ts';
import { Answers, createInteractiveModel } from './interactive.ts';
import { say } from './messages.ts';
import { hostCommand, hostSettings } from './options.ts';
import { Printer } from './printer.ts';
import { connectRealModel, realModelFromEnv } from './real-model.ts';
import { createStandInModel } from './stand-in.ts';

await command(hostCommand, async ({ values, lang, paint, width }) => {
  const t = say.in(lang);
  const settings = hostSettings(values, lang);
  const printer = new Printer({ paint, width, say: t, full: settings.full });
  let choice: ModelChoice;
  const real = realModelFromEnv(process.env);
  if (settings.interactive) {
    const model = createInteractiveModel(printer, new Answers(process.stdin));
    choice = { model, label: t('youShort'), description: t('modelYou'), standIn: false };
  } else if (real) {
    const { model, label } = await connectRealModel(real, t);
    choice = { model, label, description: t('modelReal', { label }), standIn: false };
  } else {
    choice = {
      model: createStandInModel(lang),
      label: t('standInShort'),
      description: t('modelStandIn'),
      standIn: true,
    };
  }
  return runHost(settings, choice, printer);
});
