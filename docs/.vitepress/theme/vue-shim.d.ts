// Lets tsc follow imports of single-file components and stylesheets; vue-tsc is not part of the toolchain.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent;
  export default component;
}

// The theme's stylesheet, imported for its effect; Vite bundles it. TypeScript 7 checks that a side-effect
// import resolves (noUncheckedSideEffectImports), and a stylesheet has no types to resolve to.
declare module '*.css' {}
