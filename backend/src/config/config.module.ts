import { Global, Module } from '@nestjs/common';
import { AppConfig } from './configuration';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Typed accessor for one concern of the configuration: `config.get('sms')`. */
export class ConfigService {
  constructor(private readonly config: AppConfig) {}
  get<K extends keyof AppConfig>(key: K): AppConfig[K] {
    return this.config[key];
  }
}

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig) {
    return {
      module: ConfigModule,
      providers: [{ provide: ConfigService, useValue: new ConfigService(config) }],
      exports: [ConfigService],
    };
  }
}
