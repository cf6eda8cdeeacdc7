"""`acorn run --type` on our own firmware: typing waits for the machine's prompt, so no key is lost."""
import pytest

from emulator.cli import main


@pytest.mark.parametrize("machine", ["atom", "bbc"])
def test_typed_keys_arrive_whole_after_start_up(machine, capsys):
    code = main(["run", "--machine", machine, "--headless", "--type", r"PRINT 6*7\r",
                 "--until", "42", "--max-seconds", "5", "--print-screen"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert ">PRINT 6*7" in out.splitlines()
