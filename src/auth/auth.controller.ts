import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { CurrentPlayer } from '../common/authenticated.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { ApiErrors } from '../common/api-errors.js';
import { Player } from '../players/entities/player.entity.js';
import { AuthThrottlerGuard, GUEST_THROTTLER } from './auth-throttler.guard.js';
import { AuthService } from './auth.service.js';
import { ensureDeviceId, readDeviceId } from './device-cookie.js';
import { AuthResponseDto, ChangePasswordDto, GuestDto, LoginDto, RegisterDto, SignOutDto } from './dto/auth.dto.js';
import { LocalAuthGuard, TokenAuthGuard } from './guards.js';
import type { TokenPrincipal } from './token-verifier.js';

@ApiTags('auth')
@ApiErrors(['RATE_LIMITED', 'too many attempts from this address (guests: GUEST_RATE_LIMIT, a count of their own); see Retry-After and details.retryAfterSeconds'])
@UseGuards(AuthThrottlerGuard)
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Where the request comes from: its address and the device id cookie (given one if it has none). */
  private origin(req: Request, res: Response) {
    return { address: req.ip ?? null, deviceId: ensureDeviceId(req, res, this.config.tlsBehindProxy) };
  }

  @Post('register')
  @SkipThrottle({ [GUEST_THROTTLER]: true })
  @ApiOperation({ summary: 'Register an account (returns a token)' })
  @ApiCreatedResponse({ type: AuthResponseDto, description: 'The new player and a bearer token' })
  @ApiErrors(['USERNAME_TAKEN', 'the name is taken, case-insensitively'])
  register(@Body() dto: RegisterDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AuthResponseDto> {
    return this.auth.register(dto.username, dto.password, dto.bot ?? false, this.origin(req, res));
  }

  @Post('login')
  @SkipThrottle({ [GUEST_THROTTLER]: true })
  @ApiOperation({ summary: 'Log in with username and password (returns a token)' })
  @HttpCode(200)
  @UseGuards(LocalAuthGuard)
  @ApiBody({ type: LoginDto })
  @ApiOkResponse({ type: AuthResponseDto, description: 'The player and a bearer token' })
  @ApiErrors(
    ['UNAUTHENTICATED', 'no such username, or the wrong password'],
    ['RATE_LIMITED', 'too many attempts from this address, or too many failed sign-ins on this username (from any address): see Retry-After'],
  )
  login(@CurrentPlayer() player: Player, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AuthResponseDto> {
    return this.auth.signedIn(player, this.origin(req, res));
  }

  @Post('guest')
  @SkipThrottle({ default: true })
  @ApiOperation({ summary: 'Get a guest account and its token (casual play only)' })
  @ApiCreatedResponse({ type: AuthResponseDto, description: 'A guest player (unranked play only) with a long-lived token' })
  guest(@Body() _dto: GuestDto): Promise<AuthResponseDto> {
    return this.auth.guest();
  }

  @Post('sign-out')
  @HttpCode(204)
  @ApiBearerAuth()
  @UseGuards(TokenAuthGuard)
  @ApiOperation({ summary: 'Sign this token out', description: 'The token is refused (401) from its next request on; your other tokens keep working.' })
  @ApiNoContentResponse({ description: 'Signed out' })
  @ApiErrors('UNAUTHENTICATED')
  async signOut(@Body() _dto: SignOutDto, @CurrentPlayer() principal: TokenPrincipal): Promise<void> {
    await this.auth.signOut(principal);
  }

  @Post('sign-out-everywhere')
  @HttpCode(204)
  @ApiBearerAuth()
  @UseGuards(TokenAuthGuard)
  @ApiOperation({ summary: 'Sign out on every device', description: 'Every token of the account, this one included, is refused (401) from its next request on.' })
  @ApiNoContentResponse({ description: 'Signed out everywhere' })
  @ApiErrors('UNAUTHENTICATED')
  async signOutEverywhere(@Body() _dto: SignOutDto, @CurrentPlayer() principal: TokenPrincipal): Promise<void> {
    await this.auth.signOutEverywhere(principal.id);
  }

  @Post('password')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(TokenAuthGuard)
  @ApiOperation({
    summary: 'Change your password (the current one required)',
    description: 'Every other token of the account stops working; the answer carries a new token for this device.',
  })
  @ApiOkResponse({ type: AuthResponseDto, description: 'The player and a new bearer token' })
  @ApiErrors(
    'UNAUTHENTICATED',
    ['FORBIDDEN', 'the current password is wrong, or a guest (no password)'],
    ['RATE_LIMITED', 'too many attempts from this address, or too many wrong passwords on this account: see Retry-After'],
  )
  changePassword(@Body() dto: ChangePasswordDto, @CurrentPlayer() principal: TokenPrincipal, @Req() req: Request): Promise<AuthResponseDto> {
    return this.auth.changePassword(principal, dto.currentPassword, dto.newPassword, readDeviceId(req));
  }
}
