import { runEstimateAccuracy } from './estimate-accuracy.js';
console.log(await runEstimateAccuracy());
