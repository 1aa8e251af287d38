export * from './auth';
export * from './tenancy';
export * from './notifications';
