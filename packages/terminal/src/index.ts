export {
  type ColourFormat,
  type ColourInput,
  colourWanted,
  createPaint,
  type Paint,
  type Style,
} from './colour.ts';
export {
  type CommandOutcome,
  type CommandSpec,
  command,
  formatHelp,
  kitVersion,
  langFromArgv,
  type OptionSpec,
  type OptionSpecs,
  type OptionValues,
  type ParseContext,
  type ParsedCommand,
  parseCommand,
  runCommand,
  stopCause,
  UsageError,
} from './command.ts';
export {
  type Bilingual,
  bilingualMessages,
  type Catalog,
  catalogProblems,
  createMessages,
  defaultLang,
  fill,
  isLang,
  LANG_ENV,
  LANGS,
  type Lang,
  type Messages,
  type Vars,
} from './i18n.ts';
export { interrupt, Keys } from './keys.ts';
export {
  BACKGROUNDS,
  ROLES,
  type Role,
  SHADES,
  THEMES,
  type Theme,
  themeFromEnv,
} from './palette.ts';
export { quietOnClosedPipe } from './pipe.ts';
export {
  type HeaderList,
  type HttpBlock,
  Printer,
  type PrinterOptions,
} from './printer.ts';
export { type ConfirmOptions, confirm, type Pause, Prompt, type PromptOptions } from './prompt.ts';
export { chosenStep, type ListedStep, stepList, stepMessages, stepOptions } from './steps.ts';
export { TypedLines } from './typed-lines.ts';
export {
  PIPED_WIDTH,
  padStartToWidth,
  padToWidth,
  sideBySide,
  stringWidth,
  table,
  terminalWidth,
  wrapIndented,
  wrapLine,
  wrapText,
  wrapUnits,
} from './width.ts';
