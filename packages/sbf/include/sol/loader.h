#pragma once
/**
 * The upgradeable loader's ProgramData account, read to gate one-time set-up instructions on the program's
 * upgrade authority. No key is compiled into a program, so this is how a fresh deployment stays its
 * deployer's: layout (bincode) u32 tag = 3, u64 slot, Option<Pubkey> upgrade authority, then the ELF.
 */

#include <sol/account.h>
#include <sol/error.h>
#include <sol/syscalls.h>

/* BPFLoaderUpgradeab1e11111111111111111111111 */
static const SolPubkey SOL_LOADER_UPGRADEABLE = {{0x02, 0xa8, 0xf6, 0x91, 0x4e, 0x88, 0xa1, 0xb0, 0xe2, 0x10, 0x15,
                                                   0x3e, 0xf7, 0x63, 0xae, 0x2b, 0x00, 0xc2, 0xb9, 0x3d, 0x16, 0xc1,
                                                   0x24, 0xd2, 0xc0, 0x53, 0x7a, 0x10, 0x04, 0x80, 0x00, 0x00}};

#define SOL_PROGRAM_DATA_TAG 3
#define SOL_PROGRAM_DATA_AUTHORITY_OFFSET 12

/**
 * Checks that `program_data` is this program's ProgramData account and that `authority` is its upgrade
 * authority: 2006 (ConstraintSeeds) for another account, 3007 for a wrong owner, 2003 (ConstraintRaw) when
 * the program has no upgrade authority or another one.
 */
static inline ProgramResult sol_check_upgrade_authority(const SolAccountInfo *program_data,
                                                        const SolPubkey *program_id,
                                                        const SolAccountInfo *authority) {
  const SolSignerSeed seeds[1] = {{program_id->x, 32}};
  SolPubkey expected;
  u8 bump;
  SOL_TRY(sol_find_pda(seeds, 1, &SOL_LOADER_UPGRADEABLE, &expected, &bump));
  if (!sol_pubkey_eq(&expected, program_data->key)) return ANCHOR_ERROR_CONSTRAINT_SEEDS;
  SOL_TRY(sol_check_owner(program_data, &SOL_LOADER_UPGRADEABLE));
  const u8 *d = program_data->data;
  if (program_data->data_len < SOL_PROGRAM_DATA_AUTHORITY_OFFSET + 1 + 32 ||
      sol_load_u32_le(d) != SOL_PROGRAM_DATA_TAG) {
    return ANCHOR_ERROR_ACCOUNT_DID_NOT_DESERIALIZE;
  }
  if (d[SOL_PROGRAM_DATA_AUTHORITY_OFFSET] != 1) return ANCHOR_ERROR_CONSTRAINT_RAW;
  if (sol_memcmp(d + SOL_PROGRAM_DATA_AUTHORITY_OFFSET + 1, authority->key->x, 32) != 0) {
    return ANCHOR_ERROR_CONSTRAINT_RAW;
  }
  return SUCCESS;
}
