import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Length, Matches } from 'class-validator';
import { PASSWORD_LENGTH, RESERVED_PREFIXES, USERNAME_LENGTH } from '../../players/domain/username.js';
import { MeDto } from '../../players/dto/player.dto.js';
import { i18nMessage } from '../../common/validation.js';

export class RegisterDto {
  @ApiProperty({ example: 'alice', description: '3–20 of A–Z, a–z, 0–9, _ and -; unique case-insensitively; not starting with "guest-" or "guest_" in any case (guest names)' })
  @IsString()
  @Length(USERNAME_LENGTH.min, USERNAME_LENGTH.max)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: i18nMessage('api.validation.usernameChars') })
  @Matches(/^(?!guest[-_])/i, { message: i18nMessage('api.validation.guestPrefix', { prefix: RESERVED_PREFIXES }) })
  username: string;

  @ApiProperty({ example: 'correct horse battery', minLength: PASSWORD_LENGTH.min, maxLength: PASSWORD_LENGTH.max })
  @IsString()
  @Length(PASSWORD_LENGTH.min, PASSWORD_LENGTH.max)
  password: string;

  @ApiPropertyOptional({ description: "A bot account (a program), false when left out: paired only with bots, ranked on the bots' own leaderboard (GET /api/leaderboard?bots=true)" })
  @IsOptional()
  @IsBoolean()
  bot?: boolean;
}

export class LoginDto {
  @ApiProperty({ example: 'alice' })
  @IsString()
  @Length(1, 100)
  username: string;

  @ApiProperty({ example: 'correct horse battery' })
  @IsString()
  @Length(1, 200)
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty({ example: 'correct horse battery', description: 'The password in use now' })
  @IsString()
  @Length(1, 200)
  currentPassword: string;

  @ApiProperty({ example: 'battery staple horse', minLength: PASSWORD_LENGTH.min, maxLength: PASSWORD_LENGTH.max })
  @IsString()
  @Length(PASSWORD_LENGTH.min, PASSWORD_LENGTH.max)
  newPassword: string;
}

/** `POST /api/auth/sign-out` and `/sign-out-everywhere` take an empty object. */
export class SignOutDto {}

/** `POST /api/auth/guest` takes an empty object. */
export class GuestDto {}

export class AuthResponseDto {
  @ApiProperty({ description: 'Bearer token (JWT, HS256)' }) token: string;
  @ApiProperty({ type: MeDto }) player: MeDto;
}
