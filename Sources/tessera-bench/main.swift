import TesseraBenchCommand

TesseraBenchCommand.main()
