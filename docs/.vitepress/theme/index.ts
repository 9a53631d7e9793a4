import type { Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme';
import FixtureCatalog from './FixtureCatalog.vue';
import LayerLegend from './LayerLegend.vue';
import PlanHandout from './PlanHandout.vue';
import QuizCheck from './QuizCheck.vue';
import RecordedExchange from './RecordedExchange.vue';
import WireExchange from './WireExchange.vue';
import WirePlayground from './WirePlayground.vue';
import WorkshopPlan from './WorkshopPlan.vue';
import './style.css';

const theme: Theme = {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('WireExchange', WireExchange);
    app.component('LayerLegend', LayerLegend);
    app.component('FixtureCatalog', FixtureCatalog);
    app.component('WirePlayground', WirePlayground);
    app.component('RecordedExchange', RecordedExchange);
    app.component('WorkshopPlan', WorkshopPlan);
    app.component('QuizCheck', QuizCheck);
    app.component('PlanHandout', PlanHandout);
  },
};

export default theme;
