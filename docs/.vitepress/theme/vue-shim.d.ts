// Lets tsc follow imports of single-file components; vue-tsc is not part of the toolchain.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent;
  export default component;
}
