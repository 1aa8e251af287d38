export * from './auth';
export * from './folders';
export * from './notifications';
export * from './tenancy';
