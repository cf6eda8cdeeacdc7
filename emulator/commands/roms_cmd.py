"""`acorn roms build` (assemble our firmware into roms/build) and `acorn roms check DIR` (is a user's ROM
directory usable with --roms).  The ROM sets themselves: emulator/firmware.py."""
import sys
from pathlib import Path

from emulator.errors import EXIT_BAD_INPUT
from emulator.firmware import (SOURCE_ROOT, _address, _check_rom_directory, _size_text,
                               build_machine, inspect_user_roms, machine_directory, machines,
                               unused_rom_files)


def main_build(args):
    from emulator.asm import AsmError

    source_root = getattr(args, "src", None)
    build_root = getattr(args, "out", None)
    failed = False
    for machine, spec in machines().items():
        try:
            directory, paths, _ = build_machine(machine, source_root, build_root, force=True)
        except AsmError as e:
            for message in e.errors:
                print(message, file=sys.stderr)
            print(f"acorn roms: {spec.title} firmware not built ({len(e.errors)} errors)", file=sys.stderr)
            failed = True
            continue
        if not paths:
            where = Path(source_root or SOURCE_ROOT) / machine
            print(f"{spec.title}: no sources in {where}, nothing to build")
            continue
        for name, path in paths.items():
            rom = spec.roms[name]
            print(f"{spec.title}: built {path} ({_size_text(rom.size)} at {_address(machine, rom.address)})")
    return EXIT_BAD_INPUT if failed else 0


def main_check(args):
    _check_rom_directory(args.directory)
    complete = []
    for machine, spec in machines().items():
        report = inspect_user_roms(machine, args.directory)
        ok = all(problem is None for _, _, _, problem in report)
        if ok:
            complete.append(spec.title)
        print(f"{spec.title}: {'complete' if ok else 'incomplete'} ({machine_directory(machine, args.directory)})")
        for rom, path, size, problem in report:
            where = f"{_size_text(rom.size)} at {_address(machine, rom.address)}"
            kind = "" if rom.required else ", optional"
            if problem is None:
                print(f"  {path.name:<12} ok ({where}{kind})")
            elif problem == "missing":
                print(f"  {path.name:<12} MISSING: needed, {where}")
            else:
                print(f"  {path.name:<12} WRONG: {problem}{kind}")
        for path, why in unused_rom_files(machine, args.directory):
            print(f"  {path.name:<12} {why}")
    if complete:
        print(f"usable with --roms: {', '.join(complete)}")
        return 0
    print("no complete ROM set: --roms cannot use this directory", file=sys.stderr)
    return EXIT_BAD_INPUT
