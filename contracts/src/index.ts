export * from './shapes.js';
export * from './validation.js';
export * from './http.js';
export * from './errors.js';
export * from './events.js';
export * from './live.js';
export * from './business-time.js';
export * from './insights.js';
