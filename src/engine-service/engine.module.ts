import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { EngineService } from './engine.service.js';

@Module({
  providers: [{ provide: EngineService, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new EngineService(config) }],
  exports: [EngineService],
})
export class EngineModule {}
